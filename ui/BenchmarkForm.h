#pragma once

#include <QCoreApplication>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QWidget;

namespace hostbench::ui {

class BenchCharts;
class ErrorNote;
class FieldError;

/*
 * The Benchmark page's form, apart from what it does (BenchmarkPage): its
 * widgets with their object names, ranges, tips and fonts, and their
 * layout, the Load box (URL with its hint and error, concurrency, length,
 * threads, keep-alive, Start and Stop, progress, state, live figures, run
 * error) beside the charts over the report. setupForm() plays the part of a
 * Designer form's setupUi(), and BenchmarkPage inherits the pointers as with
 * Designer's multiple-inheritance approach. Colours are the palette's: the
 * hint is in its placeholder text colour, the errors are Tint's.
 * The texts are BenchmarkPage's (translation context). GUI thread.
 */
class BenchmarkForm
{
    Q_DECLARE_TR_FUNCTIONS(hostbench::ui::BenchmarkPage)

public:
    // Makes the widgets as children of `page` and lays them out on it.
    void setupForm(QWidget *page);

    QComboBox *m_url = nullptr;
    FieldError *m_urlError = nullptr; // under the URL
    // The target as the engine will see it; its room is kept when empty (BenchmarkPage::reserveHintRoom).
    QLabel *m_hint = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QRadioButton *m_byRequests = nullptr;
    QSpinBox *m_requests = nullptr;
    QRadioButton *m_byDuration = nullptr;
    QSpinBox *m_duration = nullptr; // seconds
    QCheckBox *m_keepAlive = nullptr;
    QSpinBox *m_threads = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QProgressBar *m_progress = nullptr; // 0 to 1000
    QLabel *m_state = nullptr;
    QLabel *m_liveRequests = nullptr;
    QLabel *m_liveRate = nullptr;
    QLabel *m_liveLatency = nullptr;
    QLabel *m_liveFailed = nullptr;
    QLabel *m_liveService = nullptr;
    QLabel *m_liveGap = nullptr;
    ErrorNote *m_error = nullptr;
    BenchCharts *m_charts = nullptr;
    QPlainTextEdit *m_report = nullptr;
};

} // namespace hostbench::ui
