#include "ui/BenchmarkForm.h"

#include "ui/BenchCharts.h"
#include "ui/BenchmarkFields.h"
#include "ui/CapacityStepModel.h"
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
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

QLabel *BenchmarkForm::buddyLabel(const QString &text, QWidget *buddy, QWidget *page)
{
    auto *made = new QLabel(text, page);
    made->setBuddy(buddy);
    return made;
}

QFormLayout *BenchmarkForm::tabForm(QTabWidget *tabs, const QString &name, const QString &title)
{
    auto *tab = new QWidget(tabs);
    tab->setObjectName(name);
    auto *layout = new QFormLayout(tab);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    tabs->addTab(tab, title);
    return layout;
}

QLineEdit *BenchmarkForm::lineField(
    QWidget *page, const QString &name, const QString &placeholder, const QString &tip)
{
    auto *edit = new QLineEdit(page);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setToolTip(tip);
    edit->setClearButtonEnabled(true);
    return edit;
}

FieldError *BenchmarkForm::fieldError(QWidget *field, const QString &name, QWidget *page)
{
    auto *error = new FieldError(field, page);
    error->setObjectName(name);
    return error;
}

void BenchmarkForm::setupForm(QWidget *page)
{
    page->setObjectName(u"benchmarkPage"_s);
    QFormLayout *target = makeTarget(page);
    // The fields under the URL, in tabs so that the Load box fits a
    // 1024x700 window: Run (the fields of before), Timing and Request as bench's flags.
    m_fieldTabs = new QTabWidget(page);
    m_fieldTabs->setObjectName(u"benchFieldTabs"_s);
    m_fieldTabs->setDocumentMode(true);
    // A tab with a bad field gets a warning icon (BenchmarkPage): no higher
    // than the text, so that the tab bar, and the fields under it, do not
    // move down as it comes.
    const int iconSide = m_fieldTabs->fontMetrics().height();
    m_fieldTabs->setIconSize(QSize(iconSide, iconSide));
    makeRunTab(page);
    makeTimingTab(page);
    makeRequestTab(page);
    makeThresholdsTab(page);
    QHBoxLayout *buttons = makeControls(page);
    QFormLayout *live = makeFigures(page);
    m_error = new ErrorNote(page);
    m_error->setObjectName(u"benchError"_s);

    // The Load box: the fields, the buttons, how far the run is, its figures.
    auto *formBox = new QGroupBox(tr("Load"), page);
    auto *formLayout = new QVBoxLayout(formBox);
    formLayout->addLayout(target);
    formLayout->addWidget(m_fieldTabs);
    formLayout->addSpacing(6);
    formLayout->addLayout(buttons);
    formLayout->addWidget(m_progress);
    formLayout->addWidget(m_state);
    formLayout->addLayout(live);
    formLayout->addWidget(m_error);
    formLayout->addStretch();
    formBox->setMaximumWidth(420);

    auto *layout = new QHBoxLayout(page);
    layout->addWidget(formBox);
    layout->addWidget(makeResults(page), 1);
}

QFormLayout *BenchmarkForm::makeTarget(QWidget *page)
{
    m_url = new QComboBox(page);
    m_url->setObjectName(u"benchUrl"_s);
    m_url->setEditable(true);
    m_url->setInsertPolicy(QComboBox::NoInsert);
    m_url->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_url->setMinimumContentsLength(24);
    m_url->lineEdit()->setPlaceholderText(tr("http://127.0.0.1:8080/"));
    m_urlError = fieldError(m_url, u"benchUrlError"_s, page);

    m_hint = new QLabel(page);
    m_hint->setObjectName(u"benchTargetHint"_s);
    m_hint->setWordWrap(true);
    // Two lines at least, kept whether or not there is a hint: the fields
    // below stay where they are, under the pointer, as the URL changes.
    m_hint->setMinimumHeight(2 * m_hint->fontMetrics().lineSpacing());
    m_hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // A role, not a colour: it follows the palette, a dark one included.
    m_hint->setForegroundRole(QPalette::PlaceholderText);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto *urlCell = new QVBoxLayout;
    urlCell->setSpacing(2);
    urlCell->addWidget(m_url);
    urlCell->addWidget(m_urlError);
    // A layout takes no buddy: the label is made here to keep its Alt+U.
    form->addRow(buddyLabel(tr("&URL:"), m_url, page), urlCell);
    form->addRow(QString(), m_hint);
    return form;
}

void BenchmarkForm::makeRunTab(QWidget *page)
{
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
    m_keepAlive = new QCheckBox(tr("&Keep-alive"), page);
    m_keepAlive->setObjectName(u"benchKeepAlive"_s);
    m_keepAlive->setToolTip(
        tr("Several requests per connection (ab -k); without it every request opens a new connection"));
    m_threads = new QSpinBox(page);
    m_threads->setObjectName(u"benchThreads"_s);
    m_threads->setRange(1, 256);
    m_threads->setToolTip(tr("Load-generator threads; each has its own share of the connections"));
    m_protocol = new QComboBox(page);
    m_protocol->setObjectName(u"benchProtocol"_s);
    // Protocol names, the same in every language (and stored as such).
    m_protocol->addItem(u"HTTP/1.1"_s);
    m_protocol->addItem(u"HTTP/2"_s);
    m_protocol->setToolTip(tr("HTTP/2: h2 by ALPN for https://, h2c with prior knowledge for http:// "
                              "(hostbench-cli bench --h2)"));
    m_streams = new QSpinBox(page);
    m_streams->setObjectName(u"benchStreams"_s);
    m_streams->setRange(1, 1000);
    m_streams->setToolTip(tr("HTTP/2: requests in flight at a time on each connection, one per stream "
                             "(--streams, h2load -m)"));

    m_stages = lineField(page, u"benchStages"_s, tr("Constant rate"),
        tr("The open model in stages, as hostbench-cli bench --stages (k6's ramping-arrival-rate): "
           "DURATION:RATE parted by commas, e.g. 10s:1000,30s:5000,10s:0; each ramps the rate in a "
           "straight line to RATE requests/s over DURATION (ms, s, m or h), the first from the Rate "
           "of the Timing tab (or 0). The run lasts their sum, whatever its Length says"));
    m_stagesError = fieldError(m_stages, u"benchStagesError"_s, page);
    // Room for a usual first clause of LoadStages::parse (stagesProblem keeps no
    // more); its longest would grow the Run tab, and the page, past 1024x700 in French.
    m_stagesError->setRoomFor(BenchmarkFields::stagesProblem(u"stage 10: the rate -1 is negative"_s));

    auto *length = new QGridLayout;
    length->addWidget(m_byRequests, 0, 0);
    length->addWidget(m_requests, 0, 1);
    length->addWidget(m_byDuration, 1, 0);
    length->addWidget(m_duration, 1, 1);
    length->setColumnStretch(1, 1);

    QFormLayout *run = tabForm(m_fieldTabs, u"benchRunTab"_s, tr("Run"));
    run->addRow(tr("&Concurrency:"), m_concurrency);
    run->addRow(tr("Length:"), length);
    // Stages set the length too (the Length fields then wait): beside it, though they ramp the Timing tab's
    // rate.
    run->addRow(buddyLabel(tr("St&ages:"), m_stages, page), FieldError::cell(m_stages, m_stagesError));
    // Threads and keep-alive share a row, as the protocol and its streams do below: a row more would grow the
    // page past 1024x700.
    auto *threads = new QHBoxLayout;
    threads->addWidget(m_threads, 1);
    threads->addSpacing(12);
    threads->addWidget(m_keepAlive);
    run->addRow(buddyLabel(tr("T&hreads:"), m_threads, page), threads);
    // The protocol and, for HTTP/2, its streams per connection (no accelerators: every letter of their names
    // is taken on this page in German or Portuguese).
    auto *protocol = new QHBoxLayout;
    protocol->addWidget(m_protocol);
    protocol->addSpacing(12);
    protocol->addWidget(buddyLabel(tr("Streams:"), m_streams, page));
    protocol->addWidget(m_streams, 1);
    run->addRow(buddyLabel(tr("Protocol:"), m_protocol, page), protocol);
}

void BenchmarkForm::makeTimingTab(QWidget *page)
{
    // The open model's pace, the warm-up and the timeout, typed as bench's
    // flags take them (model::BenchInput reads both).
    m_rate = lineField(page, u"benchRate"_s, tr("Closed model"),
        tr("Requests per second in all, sent on schedule whatever the answers take (open model, as "
           "wrk2 -R and hostbench-cli bench --rate). Empty: each connection sends its next request when "
           "the last is answered (closed model, as ab)"));
    m_rateError = fieldError(m_rate, u"benchRateError"_s, page);
    m_warmup = lineField(page, u"benchWarmup"_s, tr("None"),
        tr("Seconds of load sent first and not counted (--warmup), e.g. 2 or 0.5"));
    m_warmupError = fieldError(m_warmup, u"benchWarmupError"_s, page);
    m_timeout = lineField(page, u"benchTimeout"_s, tr("30s"),
        tr("A request not answered within this time fails as a timeout (--timeout): ms, or with a "
           "unit: 500, 500ms, 1.5s, 2m"));
    m_timeoutError = fieldError(m_timeout, u"benchTimeoutError"_s, page);
    // Each error keeps the room of its longest sentence: one of three lines
    // under Rate moved Warm-up down as it came (tester's report).
    const QString widest(BenchmarkFields::kQuotedChars, u'W');
    m_rateError->setRoomFor(BenchmarkFields::rateProblem(widest));
    m_warmupError->setRoomFor(BenchmarkFields::warmupProblem(widest));
    m_timeoutError->setRoomFor(BenchmarkFields::timeoutProblem(widest));
    QFormLayout *timing = tabForm(m_fieldTabs, u"benchTimingTab"_s, tr("Timing"));
    timing->addRow(
        buddyLabel(tr("&Rate:"), m_rate, page), FieldError::cell(m_rate, m_rateError, makeApply(page)));
    auto *seconds = new QLabel(tr("s"), page);
    timing->addRow(
        buddyLabel(tr("&Warm-up:"), m_warmup, page), FieldError::cell(m_warmup, m_warmupError, seconds));
    timing->addRow(buddyLabel(tr("T&imeout:"), m_timeout, page), FieldError::cell(m_timeout, m_timeoutError));
}

QFormLayout *BenchmarkForm::makeFigures(QWidget *page)
{
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
    return live;
}

QWidget *BenchmarkForm::makeResults(QWidget *page)
{
    // Beside the Load box the results: the charts over the report.
    m_charts = new BenchCharts(u"bench"_s, Qt::Horizontal, page);
    m_report = new QPlainTextEdit(page);
    m_report->setObjectName(u"benchReport"_s);
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("The report appears here when the run ends."));

    // A capacity search's steps between them, shown for a search only.
    m_steps = new CapacityStepModel(page);
    m_stepTable = CapacityStepModel::makeView(m_steps, u"benchSteps"_s, page);
    m_stepTable->hide();

    auto *results = new QSplitter(Qt::Vertical, page);
    results->setObjectName(u"benchSplitter"_s);
    results->addWidget(m_charts);
    results->addWidget(m_stepTable);
    results->addWidget(m_report);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 2);
    results->setStretchFactor(2, 2);
    results->setChildrenCollapsible(false);
    return results;
}

} // namespace hostbench::ui
