#pragma once

#include <QCoreApplication>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTabWidget;
class QTableView;
class QWidget;

namespace hostbench::ui {

class BenchCharts;
class CapacityStepModel;
class ErrorNote;
class FieldError;

/*
 * The Benchmark page's form, apart from what it does (BenchmarkPage): its
 * widgets with their object names, ranges, tips and fonts, and their
 * layout, the Load box (URL with its hint and error; four tabs of fields:
 * Run (concurrency, length, stages, threads, keep-alive, protocol and streams), Timing (rate,
 * warm-up, timeout), Request (method, headers, body text or file, content
 * type) and Thresholds (pass/fail conditions on the finished run, and
 * whether a failing one aborts the run; the capacity finder with its SLOs,
 * step length and precision),
 * each field that can be bad with its FieldError, and beside Rate the Apply
 * of a new rate to a run going; Start, Stop and Pause, progress, state, live figures, run error)
 * beside the charts over a capacity search's steps and the report. The
 * fields are those of `hostbench-cli bench` (-c, -n/-t, --threads, -k,
 * --rate, --stages, --warmup, --timeout, --threshold, --abort-on-fail, -m, -H, -p, -T, --h2,
 * --streams, --find-capacity, --slo, --step-duration, --capacity-precision), with the same texts.
 * The Request and Thresholds tabs, the controls and the new rate are made in BenchmarkFormParts.cpp.
 * setupForm() plays the part of a Designer form's setupUi(), and BenchmarkPage inherits the pointers as with
 * Designer's multiple-inheritance approach. It is built section by section, each a function of its own: the
 * target, the Run, Timing and Request tabs, the controls, the live figures and the results. Colours are the
 * palette's: the hint is in its placeholder text colour, the errors are Tint's. The texts are BenchmarkPage's
 * (translation context). GUI thread.
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
    // "HTTP/1.1" or "HTTP/2" (as --h2: h2 by ALPN for https://, h2c with prior knowledge for http://).
    QComboBox *m_protocol = nullptr;
    QSpinBox *m_streams = nullptr; // HTTP/2 only, as --streams
    // The tabs of the fields under the URL: kRunTab, kTimingTab, kRequestTab, kThresholdsTab.
    static constexpr int kRunTab = 0;
    static constexpr int kTimingTab = 1;
    static constexpr int kRequestTab = 2;
    static constexpr int kThresholdsTab = 3;
    static constexpr int kTabs = 4;
    QTabWidget *m_fieldTabs = nullptr;
    // Timing: empty fields are the CLI's defaults (closed model, no warm-up, 30 s).
    QLineEdit *m_rate = nullptr; // requests/s, as --rate
    FieldError *m_rateError = nullptr;
    // The open model in stages, as --stages (model::LoadStages): the run then lasts their sum.
    QLineEdit *m_stages = nullptr;
    FieldError *m_stagesError = nullptr;
    QLineEdit *m_warmup = nullptr; // seconds, as --warmup
    FieldError *m_warmupError = nullptr;
    QLineEdit *m_timeout = nullptr; // ms, or with a unit, as --timeout
    FieldError *m_timeoutError = nullptr;
    // Pass/fail conditions, as --threshold (model::Threshold), parted by commas.
    QLineEdit *m_thresholds = nullptr;
    FieldError *m_thresholdsError = nullptr;
    QCheckBox *m_abortOnFail = nullptr; // as --abort-on-fail, beside the thresholds
    QCheckBox *m_compareBaseline = nullptr; // as --compare-baseline, under the thresholds
    // The capacity finder (bench --find-capacity), on the Thresholds tab:
    // the box that makes Start search, its SLOs (model::Threshold's grammar,
    // parted by commas, as --slo), each step's judged length (s, 0.5 to
    // 3600, as --step-duration) and the precision (%, 0.1 to 50, as
    // --capacity-precision): spin boxes, which hold no bad value.
    QCheckBox *m_findCapacity = nullptr;
    QLineEdit *m_slo = nullptr;
    FieldError *m_sloError = nullptr;
    QDoubleSpinBox *m_stepDuration = nullptr;
    QDoubleSpinBox *m_capacityPrecision = nullptr;
    // Request.
    QComboBox *m_method = nullptr; // editable, as -m
    FieldError *m_methodError = nullptr;
    QPlainTextEdit *m_headers = nullptr; // "Name: value" a line, as -H
    FieldError *m_headersError = nullptr;
    QPlainTextEdit *m_body = nullptr; // sent as UTF-8 when no file is given
    QLineEdit *m_bodyFile = nullptr; // as -p FILE: read when the run starts
    QPushButton *m_bodyBrowse = nullptr;
    FieldError *m_bodyFileError = nullptr;
    QComboBox *m_contentType = nullptr; // editable, as -T; sent with a body
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    // While an open-model run goes: Pause or Resume (beside Stop), and Apply
    // beside the Timing tab's Rate, which gives the run the rate typed there
    // (as PATCH /api/runs/{id}; a bad one said under it, as before a run).
    QPushButton *m_pause = nullptr;
    QPushButton *m_applyRate = nullptr; // hidden when no such run goes
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
    // A capacity search's steps, live and at its end, between the charts and the report.
    CapacityStepModel *m_steps = nullptr;
    QTableView *m_stepTable = nullptr;

private:
    // The sections, in the order of the page; each makes its widgets as
    // children of `page` and returns what the Load box places.
    QFormLayout *makeTarget(QWidget *page); // the URL, its error and the hint
    void makeRunTab(QWidget *page); // adds the tab to m_fieldTabs
    void makeTimingTab(QWidget *page);
    void makeRequestTab(QWidget *page);
    void makeThresholdsTab(QWidget *page);
    void makeCapacityRows(QWidget *page, QFormLayout *tab); // the finder's rows of the Thresholds tab
    QHBoxLayout *makeControls(QWidget *page); // Start, Stop and Pause; the progress and state made too
    QWidget *makeApply(QWidget *page); // "requests/s" and Apply, beside the Rate
    QFormLayout *makeFigures(QWidget *page); // the live figures with their labels
    QWidget *makeResults(QWidget *page); // the charts over the report
    // A text field three lines high (headers, body).
    QPlainTextEdit *textField(
        QWidget *page, const QString &name, const QString &placeholder, const QString &tip);
    // The parts every section uses.
    // A label with an accelerator to a field in a cell (FieldError::cell).
    static QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *page);
    // A tab of the fields under the URL, laid out as a form.
    static QFormLayout *tabForm(QTabWidget *tabs, const QString &name, const QString &title);
    // A one-line field, typed as bench's flag takes it.
    static QLineEdit *lineField(
        QWidget *page, const QString &name, const QString &placeholder, const QString &tip);
    static FieldError *fieldError(QWidget *field, const QString &name, QWidget *page);
};

} // namespace hostbench::ui
