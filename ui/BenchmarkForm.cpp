#include "ui/BenchmarkForm.h"

#include "ui/BenchCharts.h"
#include "ui/BenchmarkFields.h"
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
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
// A label with an accelerator to a field in a cell (FieldError::cell).
QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *page)
{
    auto *made = new QLabel(text, page);
    made->setBuddy(buddy);
    return made;
}

// A tab of the fields under the URL, laid out as a form.
QFormLayout *tabForm(QTabWidget *tabs, const QString &name, const QString &title)
{
    auto *tab = new QWidget(tabs);
    tab->setObjectName(name);
    auto *layout = new QFormLayout(tab);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    tabs->addTab(tab, title);
    return layout;
}

// A one-line field of the Timing tab, typed as bench's flag takes it.
QLineEdit *lineField(QWidget *page, const QString &name, const QString &placeholder, const QString &tip)
{
    auto *edit = new QLineEdit(page);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setToolTip(tip);
    edit->setClearButtonEnabled(true);
    return edit;
}

FieldError *fieldError(QWidget *field, const QString &name, QWidget *page)
{
    auto *error = new FieldError(field, page);
    error->setObjectName(name);
    return error;
}
} // namespace

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
    auto *perSecond = new QLabel(tr("requests/s"), page);
    timing->addRow(buddyLabel(tr("&Rate:"), m_rate, page), FieldError::cell(m_rate, m_rateError, perSecond));
    auto *seconds = new QLabel(tr("s"), page);
    timing->addRow(
        buddyLabel(tr("&Warm-up:"), m_warmup, page), FieldError::cell(m_warmup, m_warmupError, seconds));
    timing->addRow(buddyLabel(tr("T&imeout:"), m_timeout, page), FieldError::cell(m_timeout, m_timeoutError));
}

void BenchmarkForm::makeThresholdsTab(QWidget *page)
{
    // Pass/fail conditions (bench --threshold), a tab of their own: a row
    // more on Timing grew the page past 1024x700 (tst_uidefects).
    m_thresholds = lineField(page, u"benchThresholds"_s, tr("e.g. p99<50ms, errors<0.1%"),
        tr("Pass/fail conditions on the finished run, parted by commas, as hostbench-cli bench --threshold "
           "(k6's grammar): p50 .. p99.9 (any pN), mean, min or max latency in us, ms or s; rps; errors as a "
           "count or a %; non2xx; unfinished; with <, <=, >, >=, == or !=. The report ends with a line "
           "each, and the state line says whether all held"));
    m_thresholdsError = fieldError(m_thresholds, u"benchThresholdsError"_s, page);
    // Room for the longest first clause Threshold::parse gives (thresholdProblem keeps no more).
    m_thresholdsError->setRoomFor(BenchmarkFields::thresholdProblem(
        u"\"%1\": an operator (<, <=, >, >=, ==, !=) is expected at character 4"_s.arg(
            QString(BenchmarkFields::kQuotedChars, u'W'))));
    // Beside the field, not under it: a row more grew the page past 1024x700 in French (tst_uidefects).
    m_abortOnFail = new QCheckBox(tr("Abort on fail"), page);
    m_abortOnFail->setObjectName(u"benchAbortOnFail"_s);
    m_abortOnFail->setToolTip(
        tr("Aborts the run when a threshold fails, as hostbench-cli bench --abort-on-fail: from 1 s into the "
           "measured part on, the thresholds are "
           "checked after each 100 ms sample on the figures so far, and the first that fails stops the "
           "run (unfinished is checked at the end only)"));
    QFormLayout *thresholds = tabForm(m_fieldTabs, u"benchThresholdsTab"_s, tr("Thresholds"));
    // No accelerator: every letter of "Thresholds" is taken on this page or the menu bar.
    thresholds->addRow(buddyLabel(tr("Thresholds:"), m_thresholds, page),
        FieldError::cell(m_thresholds, m_thresholdsError, m_abortOnFail));
    m_compareBaseline = new QCheckBox(tr("Compare with baseline"), page);
    m_compareBaseline->setObjectName(u"benchCompareBaseline"_s);
    m_compareBaseline->setToolTip(
        tr("After the run, compares it with the baseline of its method and URL (Set as baseline on the Runs "
           "page), as hostbench-cli bench --compare-baseline: faster, slower or no significant change at "
           "95% confidence, for requests/s and p99. A threshold such as rps>=0.95*baseline needs the "
           "baseline too"));
    thresholds->addRow(QString(), m_compareBaseline);
}

void BenchmarkForm::makeRequestTab(QWidget *page)
{
    // What each request is (-m, -H, -p, -T).
    m_method = new QComboBox(page);
    m_method->setObjectName(u"benchMethod"_s);
    m_method->setEditable(true);
    m_method->setInsertPolicy(QComboBox::NoInsert);
    m_method->addItems({ u"GET"_s, u"POST"_s, u"PUT"_s, u"PATCH"_s, u"DELETE"_s, u"HEAD"_s, u"OPTIONS"_s });
    m_method->setToolTip(tr("The request method (-m); a body makes a GET a POST, as -p does"));
    m_methodError = fieldError(m_method, u"benchMethodError"_s, page);
    m_headers = textField(page, u"benchHeaders"_s, tr("Name: value, one per line"),
        tr("Request headers, one \"Name: value\" per line (-H); one named Host, "
           "User-Agent or Accept replaces the load generator's own"));
    m_headers->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_headersError = fieldError(m_headers, u"benchHeadersError"_s, page);
    m_body = textField(
        page, u"benchBody"_s, tr("No body"), tr("The request body, sent as UTF-8 as typed (no file given)"));
    m_bodyFile = new QLineEdit(page);
    m_bodyFile->setObjectName(u"benchBodyFile"_s);
    m_bodyFile->setPlaceholderText(tr("Or a file to send"));
    m_bodyFile->setClearButtonEnabled(true);
    m_bodyFile->setToolTip(
        tr("A file sent as the body instead of the text (-p FILE), read when the run starts"));
    m_bodyBrowse = new QPushButton(tr("Browse…"), page);
    m_bodyBrowse->setObjectName(u"benchBodyBrowse"_s);
    m_bodyFileError = fieldError(m_bodyFile, u"benchBodyFileError"_s, page);
    m_contentType = new QComboBox(page);
    m_contentType->setObjectName(u"benchContentType"_s);
    m_contentType->setEditable(true);
    m_contentType->setInsertPolicy(QComboBox::NoInsert);
    m_contentType->addItems({ u"text/plain"_s, u"application/json"_s, u"application/x-www-form-urlencoded"_s,
        u"application/octet-stream"_s });
    m_contentType->setToolTip(tr("The body's Content-Type (-T), sent with a body"));

    QFormLayout *request = tabForm(m_fieldTabs, u"benchRequestTab"_s, tr("Request"));
    // The method and the body's type on one row, the method's error under both.
    auto *methodCell = new QWidget(page);
    auto *methodGrid = new QGridLayout(methodCell);
    methodGrid->setContentsMargins(0, 0, 0, 0);
    methodGrid->setVerticalSpacing(2);
    methodGrid->addWidget(m_method, 0, 0);
    methodGrid->addWidget(buddyLabel(tr("Content t&ype:"), m_contentType, page), 0, 1);
    methodGrid->addWidget(m_contentType, 0, 2);
    methodGrid->addWidget(m_methodError, 1, 0, 1, 3);
    methodGrid->setColumnStretch(2, 1);
    methodCell->setFocusProxy(m_method);
    request->addRow(buddyLabel(tr("&Method:"), m_method, page), methodCell);
    request->addRow(
        buddyLabel(tr("Hea&ders:"), m_headers, page), FieldError::cell(m_headers, m_headersError));
    request->addRow(buddyLabel(tr("B&ody:"), m_body, page), m_body);
    request->addRow(buddyLabel(tr("Body fi&le:"), m_bodyFile, page),
        FieldError::cell(m_bodyFile, m_bodyFileError, m_bodyBrowse));
}

QPlainTextEdit *BenchmarkForm::textField(
    QWidget *page, const QString &name, const QString &placeholder, const QString &tip)
{
    // Three lines high, Tab to the next field.
    auto *edit = new QPlainTextEdit(page);
    edit->setObjectName(name);
    edit->setTabChangesFocus(true);
    edit->setPlaceholderText(placeholder);
    edit->setToolTip(tip);
    edit->setFixedHeight(3 * m_url->fontMetrics().lineSpacing() + 2 * edit->frameWidth() + 8);
    return edit;
}

QHBoxLayout *BenchmarkForm::makeControls(QWidget *page)
{
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

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    return buttons;
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

    auto *results = new QSplitter(Qt::Vertical, page);
    results->setObjectName(u"benchSplitter"_s);
    results->addWidget(m_charts);
    results->addWidget(m_report);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 2);
    results->setChildrenCollapsible(false);
    return results;
}

} // namespace hostbench::ui
