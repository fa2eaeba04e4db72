#include "ui/BenchmarkForm.h"

#include "ui/BenchCharts.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

void BenchmarkForm::setupForm(QWidget *page)
{
    page->setObjectName(u"benchmarkPage"_s);
    m_url = new QComboBox(page);
    m_url->setObjectName(u"benchUrl"_s);
    m_url->setEditable(true);
    m_url->setInsertPolicy(QComboBox::NoInsert);
    m_url->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_url->setMinimumContentsLength(24);
    m_url->lineEdit()->setPlaceholderText(tr("http://127.0.0.1:8080/"));
    m_urlError = new FieldError(m_url, page);
    m_urlError->setObjectName(u"benchUrlError"_s);

    m_hint = new QLabel(page);
    m_hint->setObjectName(u"benchTargetHint"_s);
    m_hint->setWordWrap(true);
    // Two lines at least, kept whether or not there is a hint: the fields
    // below stay where they are, under the pointer, as the URL changes.
    m_hint->setMinimumHeight(2 * m_hint->fontMetrics().lineSpacing());
    m_hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // A role, not a colour: it follows the palette, a dark one included.
    m_hint->setForegroundRole(QPalette::PlaceholderText);

    m_concurrency = new QSpinBox(page);
    m_concurrency->setObjectName(u"benchConcurrency"_s);
    m_concurrency->setRange(1, 10000);
    m_concurrency->setToolTip(tr("Connections open at once (ab -c)"));
    m_byRequests = new QRadioButton(tr("Requests:"), page);
    m_byRequests->setObjectName(u"benchByRequests"_s);
    m_requests = new QSpinBox(page);
    m_requests->setObjectName(u"benchRequests"_s);
    m_requests->setRange(1, 1000000000);
    m_requests->setGroupSeparatorShown(true);
    m_requests->setToolTip(tr("Requests in all (ab -n)"));
    m_byDuration = new QRadioButton(tr("Duration:"), page);
    m_byDuration->setObjectName(u"benchByDuration"_s);
    m_duration = new QSpinBox(page);
    m_duration->setObjectName(u"benchDuration"_s);
    m_duration->setRange(1, 24 * 3600);
    m_duration->setSuffix(tr(" s"));
    m_duration->setToolTip(tr("Length of the run (ab -t)"));
    auto *lengthGroup = new QButtonGroup(page);
    lengthGroup->addButton(m_byRequests);
    lengthGroup->addButton(m_byDuration);
    m_keepAlive = new QCheckBox(tr("Keep-alive (reuse connections)"), page);
    m_keepAlive->setObjectName(u"benchKeepAlive"_s);
    m_keepAlive->setToolTip(
        tr("Several requests per connection (ab -k); without it every request opens a new connection"));
    m_threads = new QSpinBox(page);
    m_threads->setObjectName(u"benchThreads"_s);
    m_threads->setRange(1, 256);
    m_threads->setToolTip(tr("Load-generator threads; each has its own share of the connections"));

    m_start = new QPushButton(page->style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start"), page);
    m_start->setObjectName(u"benchStart"_s);
    m_start->setDefault(true);
    m_stop = new QPushButton(page->style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), page);
    m_stop->setObjectName(u"benchStop"_s);
    m_progress = new QProgressBar(page);
    m_progress->setObjectName(u"benchProgress"_s);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(u"%p%"_s);
    m_state = new QLabel(page);
    m_state->setObjectName(u"benchState"_s);
    m_state->setWordWrap(true);

    const std::pair<QLabel **, QString> figures[]
        = { { &m_liveRequests, u"benchLiveRequests"_s }, { &m_liveRate, u"benchLiveRate"_s },
              { &m_liveLatency, u"benchLiveLatency"_s }, { &m_liveFailed, u"benchLiveFailed"_s },
              { &m_liveService, u"benchLiveService"_s }, { &m_liveGap, u"benchLiveGap"_s } };
    for (const auto &[value, name] : figures) {
        *value = new QLabel(page);
        (*value)->setObjectName(name);
        QFont bold = (*value)->font();
        bold.setBold(true);
        (*value)->setFont(bold);
        (*value)->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        (*value)->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_error = new ErrorNote(page);
    m_error->setObjectName(u"benchError"_s);

    m_charts = new BenchCharts(u"bench"_s, Qt::Horizontal, page);
    m_report = new QPlainTextEdit(page);
    m_report->setObjectName(u"benchReport"_s);
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("The report appears here when the run ends."));

    // The Load box: the fields, the buttons, how far the run is, its figures.
    auto *length = new QGridLayout;
    length->addWidget(m_byRequests, 0, 0);
    length->addWidget(m_requests, 0, 1);
    length->addWidget(m_byDuration, 1, 0);
    length->addWidget(m_duration, 1, 1);
    length->setColumnStretch(1, 1);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto *urlCell = new QVBoxLayout;
    urlCell->setSpacing(2);
    urlCell->addWidget(m_url);
    urlCell->addWidget(m_urlError);
    // A layout takes no buddy: the label is made here to keep its Alt+U.
    auto *urlLabel = new QLabel(tr("&URL:"), page);
    urlLabel->setBuddy(m_url);
    form->addRow(urlLabel, urlCell);
    form->addRow(QString(), m_hint);
    form->addRow(tr("&Concurrency:"), m_concurrency);
    form->addRow(tr("Length:"), length);
    form->addRow(tr("T&hreads:"), m_threads);
    form->addRow(QString(), m_keepAlive);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();

    auto *live = new QFormLayout;
    live->setLabelAlignment(Qt::AlignLeft);
    live->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    live->addRow(tr("Requests:"), m_liveRequests);
    live->addRow(tr("Requests/s:"), m_liveRate);
    live->addRow(tr("Latency p50 / p99:"), m_liveLatency);
    live->addRow(tr("Failed:"), m_liveFailed);
    // This window's engine as the target: its own view of the same requests.
    live->addRow(tr("Service time p50 / p99:"), m_liveService);
    auto *gapLabel = new QLabel(tr("Latency − service p50:"), page);
    const QString gapTip = tr("The client's latency less the engine's service time: the time a request "
                              "spends queued in sockets and in the network stack, and in the load generator");
    gapLabel->setToolTip(gapTip);
    m_liveGap->setToolTip(gapTip);
    m_liveService->setToolTip(tr("Measured by the engine: request parsed to response written. "
                                 "Shown when the target is this window's engine."));
    live->addRow(gapLabel, m_liveGap);

    auto *formBox = new QGroupBox(tr("Load"), page);
    auto *formLayout = new QVBoxLayout(formBox);
    formLayout->addLayout(form);
    formLayout->addSpacing(6);
    formLayout->addLayout(buttons);
    formLayout->addWidget(m_progress);
    formLayout->addWidget(m_state);
    formLayout->addLayout(live);
    formLayout->addWidget(m_error);
    formLayout->addStretch();
    formBox->setMaximumWidth(420);

    // Beside it the results: the charts over the report.
    auto *results = new QSplitter(Qt::Vertical, page);
    results->setObjectName(u"benchSplitter"_s);
    results->addWidget(m_charts);
    results->addWidget(m_report);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 2);
    results->setChildrenCollapsible(false);

    auto *layout = new QHBoxLayout(page);
    layout->addWidget(formBox);
    layout->addWidget(results, 1);
}

} // namespace hostbench::ui
