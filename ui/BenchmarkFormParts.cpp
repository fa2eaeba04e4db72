// BenchmarkForm's Request and Thresholds tabs (the capacity finder's fields
// among them), the controls and the new rate of a run going (BenchmarkForm.h).
#include "ui/BenchmarkForm.h"

#include "ui/BenchCharts.h"
#include "ui/BenchmarkFields.h"
#include "ui/FieldError.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

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
    makeCapacityRows(page, thresholds);
}

void BenchmarkForm::makeCapacityRows(QWidget *page, QFormLayout *tab)
{
    // The capacity finder: its box on a row of its own (as the SLOs' label it
    // narrowed the thresholds' field, eliding its placeholder), then its fields.
    m_findCapacity = new QCheckBox(tr("&Find capacity"), page);
    m_findCapacity->setObjectName(u"benchFindCapacity"_s);
    m_findCapacity->setToolTip(
        tr("Start searches for the highest rate whose steps meet every SLO, as hostbench-cli bench "
           "--find-capacity: from the Rate of the Timing tab (100 requests/s when empty) the rate doubles "
           "until a step fails, then a bisection narrows it to the precision. Each step runs the warm-up "
           "(1 s when empty), then the step length judged; the steps are stored as one run"));
    m_slo = lineField(page, u"benchSlo"_s, tr("e.g. p99<10ms, errors<0.1%"),
        tr("What every step must meet, parted by commas, in the thresholds' grammar (as --slo): latency "
           "pN, mean, min or max in us, ms or s; rps; errors as a count or a %; non2xx"));
    m_sloError = fieldError(m_slo, u"benchSloError"_s, page);
    m_sloError->setRoomFor(BenchmarkFields::sloProblem(
        u"\"%1\": an operator (<, <=, >, >=, ==, !=) is expected at character 4"_s.arg(
            QString(BenchmarkFields::kQuotedChars, u'W'))));
    m_stepDuration = new QDoubleSpinBox(page);
    m_stepDuration->setObjectName(u"benchStepDuration"_s);
    m_stepDuration->setRange(0.5, 3600);
    m_stepDuration->setDecimals(1);
    m_stepDuration->setSuffix(tr(" s"));
    m_stepDuration->setToolTip(tr("The judged part of each step, in seconds (--step-duration)"));
    m_capacityPrecision = new QDoubleSpinBox(page);
    m_capacityPrecision->setObjectName(u"benchCapacityPrecision"_s);
    m_capacityPrecision->setRange(0.1, 50);
    m_capacityPrecision->setDecimals(1);
    m_capacityPrecision->setSuffix(tr(" %"));
    m_capacityPrecision->setToolTip(
        tr("The bisection stops when the first failing rate is within this share of the highest passing one "
           "(--capacity-precision)"));
    tab->addRow(QString(), m_findCapacity); // in the fields' column, as Compare with baseline
    tab->addRow(buddyLabel(tr("SLO:"), m_slo, page), FieldError::cell(m_slo, m_sloError));
    // The step and the precision share a row: a row more would grow the tabs, and the page.
    auto *step = new QHBoxLayout;
    step->addWidget(m_stepDuration, 1);
    step->addSpacing(12);
    step->addWidget(buddyLabel(tr("Precision:"), m_capacityPrecision, page));
    step->addWidget(m_capacityPrecision, 1);
    tab->addRow(buddyLabel(tr("Step length:"), m_stepDuration, page), step);
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
    // Pause and Resume in turn (BenchmarkPage sets the text and the icon).
    m_pause = new QPushButton(page->style()->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), page);
    m_pause->setObjectName(u"benchPause"_s);
    m_pause->setToolTip(tr("Pauses an open-model run, and resumes it: while paused no request is sent, "
                           "those under way finish, and the pause counts in no latency (as PATCH "
                           "/api/runs/ID with \"paused\"). The run still ends when it was to"));
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
    buttons->addWidget(m_pause);
    buttons->addStretch();
    return buttons;
}

QWidget *BenchmarkForm::makeApply(QWidget *page)
{
    // While an open-model run goes its Rate stays open, and Apply (or Return)
    // gives the run that rate: a row of its own grew the page past 1024x700.
    m_applyRate = new QPushButton(tr("Apply"), page);
    m_applyRate->setObjectName(u"benchApplyRate"_s);
    m_applyRate->setToolTip(
        tr("Gives the open-model run going the Rate typed, in requests per second: from now on its requests "
           "are sent at it, in place of what was left of its plan (stages included); as PATCH /api/runs/ID "
           "with \"rate\". Return in the field does it too"));
    // Shown while such a run goes (its room not kept: the placeholders of the
    // field, "Closed model" among them, had too little of it in German).
    m_applyRate->hide();
    auto *beside = new QWidget(page);
    auto *row = new QHBoxLayout(beside);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("requests/s"), page));
    row->addWidget(m_applyRate);
    return beside;
}

} // namespace hostbench::ui
