#include "ui/BenchmarkPage.h"

#include "bench/BenchTarget.h"
#include "instance/ConnectProbe.h"
#include "instance/TargetResolver.h"
#include "model/BenchInput.h"
#include "runs/RecordedRun.h"
#include "storage/Database.h"
#include "storage/RunWriter.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/Format.h"
#include "ui/ReportText.h"
#include "ui/Tint.h"
#include "ui/UrlProblem.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHostAddress>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QTabWidget>
#include <QThread>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
// Long runs get coarser samples, so that a chart and the database hold a few thousand points at most.
int sampleIntervalFor(qint64 durationMs)
{
    if (durationMs > 20 * 60 * 1000)
        return 1000;
    if (durationMs > 2 * 60 * 1000)
        return 500;
    return 100;
}

// A number as typed in the window's language ("0,5" in German) as the CLI
// writes it ("0.5"), for model::BenchInput; blanks around it removed.
QString cliNumber(const QString &text)
{
    QString number = text.trimmed();
    const QString point = QLocale().decimalPoint();
    if (point != u"."_s)
        number.replace(point, u"."_s);
    return number;
}
} // namespace

BenchmarkPage::BenchmarkPage(
    storage::Database &database, AppSettings &settings, EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(settings)
    , m_engine(engine)
    , m_probe(new ConnectProbe(this))
{
    setupForm(this);
    // The hint's room is kept whether or not there is one (reserveHintRoom()).
    m_hint->installEventFilter(this);

    m_poll.setInterval(kPollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &BenchmarkPage::poll);
    connect(m_start, &QPushButton::clicked, this, &BenchmarkPage::startRun);
    connect(m_stop, &QPushButton::clicked, this, &BenchmarkPage::stopRun);
    connect(m_byRequests, &QRadioButton::toggled, this, &BenchmarkPage::updateState);
    connect(m_url, &QComboBox::currentTextChanged, this, &BenchmarkPage::updateHint);
    connect(m_url, &QComboBox::currentTextChanged, m_urlError, [this] { m_urlError->setMessage({}); });
    connect(m_probe, &ConnectProbe::finished, this, &BenchmarkPage::probeFinished);
    connect(&m_engine, &EngineController::runningChanged, this, &BenchmarkPage::refreshTargets);
    for (QLineEdit *edit : { m_rate, m_warmup, m_timeout, m_bodyFile })
        connect(edit, &QLineEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_method, &QComboBox::currentTextChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_headers, &QPlainTextEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_body, &QPlainTextEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_bodyBrowse, &QPushButton::clicked, this, &BenchmarkPage::browseBodyFile);

    restoreForm();
    refreshTargets();
    showFigures(0, 0, 0, 0, 0);
    showEngineFigures(-1, -1, -1);
    setState(tr("Ready."));
    fieldsEdited();
}

BenchmarkPage::~BenchmarkPage() = default; // ~RecordedRun stops and joins a live run

model::BenchParameters BenchmarkPage::parameters() const
{
    return parametersWith(requestFields(true));
}

model::BenchParameters BenchmarkPage::parametersWith(const RequestFields &fields) const
{
    model::BenchParameters parameters;
    // Sites are stored names; the engine's port makes the URL one of its sites.
    const TargetResolver target = TargetResolver::resolve(
        m_url->currentText(), m_database.virtualHosts(), m_engine.listenAddress(), m_engine.port());
    parameters.url = target.url;
    parameters.hostOverride = target.hostOverride;
    parameters.concurrency = m_concurrency->value();
    if (m_byRequests->isChecked()) {
        parameters.requests = m_requests->value();
    } else {
        parameters.requests = 0;
        parameters.durationMs = qint64(m_duration->value()) * 1000;
    }
    parameters.keepAlive = m_keepAlive->isChecked();
    parameters.threads = m_threads->value();
    parameters.sampleIntervalMs = sampleIntervalFor(parameters.durationMs);
    parameters.method = fields.method;
    parameters.headers = fields.headers;
    parameters.body = fields.body;
    parameters.contentType = fields.contentType;
    parameters.rate = fields.rate;
    parameters.warmupMs = fields.warmupMs;
    parameters.timeoutMs = fields.timeoutMs;
    return parameters;
}

BenchmarkPage::RequestFields BenchmarkPage::requestFields(bool readBody) const
{
    RequestFields fields;
    const auto bad = [&fields](FieldError *error, QWidget *widget, const QString &label, int tab,
                         const QString &message) {
        QString field = label;
        field.remove(u'&');
        if (field.endsWith(u':'))
            field.chop(1);
        fields.problems.append({ error, widget, field, tab, message });
    };

    // Timing: empty is bench's default (no --rate, --warmup, --timeout).
    if (const QString text = cliNumber(m_rate->text()); !text.isEmpty()) {
        if (const std::optional<double> rate = model::BenchInput::rate(text))
            fields.rate = *rate;
        else
            bad(m_rateError, m_rate, tr("&Rate:"), kTimingTab,
                tr("The rate is a number of requests per second above 0 and at most %L1, or nothing for the "
                   "closed model; not \"%2\".")
                    .arg(qint64(model::BenchInput::kMaxRate))
                    .arg(m_rate->text().trimmed()));
    }
    if (const QString text = cliNumber(m_warmup->text()); !text.isEmpty()) {
        if (const std::optional<qint64> ms = model::BenchInput::seconds(text))
            fields.warmupMs = *ms;
        else
            bad(m_warmupError, m_warmup, tr("&Warm-up:"), kTimingTab,
                tr("The warm-up is a number of seconds, e.g. 2 or 0.5; not \"%1\".")
                    .arg(m_warmup->text().trimmed()));
    }
    if (const QString text = cliNumber(m_timeout->text()); !text.isEmpty()) {
        if (const std::optional<int> ms = model::BenchInput::timeout(text))
            fields.timeoutMs = *ms;
        else
            bad(m_timeoutError, m_timeout, tr("T&imeout:"), kTimingTab,
                tr("The timeout is a time from 1 ms to 24 hours, in ms or with a unit: 500, 500ms, 1.5s or "
                   "2m; not \"%1\".")
                    .arg(m_timeout->text().trimmed()));
    }

    // Request.
    const QString method = m_method->currentText().trimmed();
    if (model::BenchInput::isMethod(method))
        fields.method = method.toLatin1();
    else
        bad(m_methodError, m_method, tr("&Method:"), kRequestTab,
            method.isEmpty() ? tr("Give a method, e.g. GET or POST.")
                             : tr("A method is one word of letters, digits and !#$%&'*+-.^_`|~, e.g. GET or "
                                  "POST; not \"%1\".")
                                   .arg(method));
    const QStringList lines = m_headers->toPlainText().split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue; // blank lines part the headers for the eye
        if (const auto header = model::BenchInput::header(line)) {
            fields.headers.append(*header);
        } else {
            bad(m_headersError, m_headers, tr("Hea&ders:"), kRequestTab,
                tr("Line %1, \"%2\", is not a header: write Name: value, e.g. Accept: text/html.")
                    .arg(i + 1)
                    .arg(line));
            break;
        }
    }
    const QString file = m_bodyFile->text().trimmed();
    if (!file.isEmpty()) {
        const QFileInfo info(file);
        QString problem;
        if (!info.exists())
            problem = tr("There is no file \"%1\".").arg(QDir::toNativeSeparators(file));
        else if (info.isDir())
            problem = tr("\"%1\" is a folder; give a file.").arg(QDir::toNativeSeparators(file));
        else if (!info.isReadable())
            problem = tr("\"%1\" cannot be read.").arg(QDir::toNativeSeparators(file));
        QFile body(file);
        if (problem.isEmpty() && readBody) {
            if (body.open(QIODevice::ReadOnly))
                fields.body = body.readAll();
            if (body.error() != QFileDevice::NoError)
                problem
                    = tr("\"%1\" cannot be read: %2").arg(QDir::toNativeSeparators(file), body.errorString());
        }
        if (!problem.isEmpty())
            bad(m_bodyFileError, m_bodyFile, tr("Body fi&le:"), kRequestTab, problem);
    } else {
        fields.body = m_body->toPlainText().toUtf8();
    }
    // As bench -p: the content type goes with a body.
    if (!file.isEmpty() || !fields.body.isEmpty())
        fields.contentType = m_contentType->currentText().trimmed().toLatin1();
    return fields;
}

bool BenchmarkPage::showFieldProblems(const RequestFields &fields)
{
    bool tabHasProblem[3] = { false, false, false };
    for (FieldError *error :
        { m_rateError, m_warmupError, m_timeoutError, m_methodError, m_headersError, m_bodyFileError }) {
        QString message;
        for (const RequestFields::Problem &problem : fields.problems) {
            if (problem.error == error && message.isEmpty())
                message = problem.message;
        }
        error->setMessage(message);
    }
    for (const RequestFields::Problem &problem : fields.problems)
        tabHasProblem[problem.tab] = true;
    for (int tab = 0; tab < m_fieldTabs->count(); ++tab) {
        m_fieldTabs->setTabIcon(
            tab, tabHasProblem[tab] ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    }
    if (fields.problems.isEmpty()) {
        m_fieldProblem.clear();
        m_fieldProblemWhere.clear();
    } else {
        const RequestFields::Problem &first = fields.problems.constFirst();
        m_fieldProblem = first.message;
        m_fieldProblemWhere
            = tr("%1 on the %2 tab").arg(first.field, m_fieldTabs->tabText(first.tab).remove(u'&'));
    }
    updateState();
    return fields.problems.isEmpty();
}

void BenchmarkPage::fieldsEdited()
{
    // As bench -p without -m: a body given to a GET makes it a POST (the
    // method can be changed back after).
    const bool hasBody = !m_body->toPlainText().isEmpty() || !m_bodyFile->text().trimmed().isEmpty();
    if (hasBody && !m_hadBody && m_method->currentText().trimmed() == u"GET"_s)
        m_method->setCurrentText(u"POST"_s); // comes back here: the fields are read then
    m_hadBody = hasBody;
    showFieldProblems(requestFields(false));
}

void BenchmarkPage::browseBodyFile()
{
    const QString start
        = m_bodyFile->text().trimmed().isEmpty() ? QDir::homePath() : m_bodyFile->text().trimmed();
    const QString file = QFileDialog::getOpenFileName(this, tr("Body File"), start);
    if (!file.isEmpty())
        m_bodyFile->setText(QDir::toNativeSeparators(file));
}

void BenchmarkPage::setState(const QString &text)
{
    m_stateText = text;
    showState();
}

void BenchmarkPage::showState()
{
    const bool idle = !isRunning() && !isConnecting();
    m_state->setText(idle && !m_fieldProblem.isEmpty() ? tr("Cannot start: see %1.").arg(m_fieldProblemWhere)
                                                       : m_stateText);
}

void BenchmarkPage::refreshTargets()
{
    QStringList urls;
    if (m_engine.isRunning()) {
        urls.append(m_engine.url());
        for (const QString &url : TargetResolver::siteUrls(m_database.virtualHosts(), m_engine.port())) {
            if (!urls.contains(url))
                urls.append(url);
        }
    }
    // An offered URL the user kept follows the engine to its new port, and so
    // does a URL of a site or of the engine's address from an earlier session.
    QString current = m_url->currentText();
    const qsizetype offered = m_offeredUrls.indexOf(current);
    if (offered >= 0 && offered < urls.size()) {
        current = urls.at(offered);
    } else if (m_engine.isRunning()) {
        QUrl url(current);
        const QString host = url.host().toLower();
        bool ours = host == TargetResolver::connectableAddress(m_engine.listenAddress());
        for (const model::VirtualHost &site : m_database.virtualHosts())
            ours = ours || site.hostName == host || site.aliases.contains(host);
        if (ours && url.scheme() == u"http"_s && url.port(80) != m_engine.port()) {
            url.setPort(m_engine.port());
            current = url.toString();
        }
    }
    if (current.isEmpty() && !urls.isEmpty())
        current = urls.constFirst();
    m_offeredUrls = urls;

    const QSignalBlocker blocker(m_url);
    m_url->clear();
    m_url->addItems(urls);
    m_url->setCurrentText(current);
    updateHint();
}

bool BenchmarkPage::isConnecting() const
{
    return m_probe->isActive();
}

bool BenchmarkPage::startRun()
{
    if (m_run || m_probe->isActive())
        return false;
    // The fields first, as bench reads its flags before it connects; a body file is read now.
    const RequestFields fields = requestFields(true);
    if (!showFieldProblems(fields)) {
        const RequestFields::Problem &first = fields.problems.constFirst();
        m_fieldTabs->setCurrentIndex(first.tab);
        first.widget->setFocus();
        return false;
    }
    const model::BenchParameters wanted = parametersWith(fields);
    m_urlError->setMessage({});
    showError({});
    // What is wrong with the URL (https, no host, a bad port) goes under it,
    // in a sentence of the user's language; then the load generator's own checks.
    if (const QString problem = UrlProblem::describe(wanted.url); !problem.isEmpty()) {
        m_urlError->setMessage(problem);
        m_url->setFocus();
        return false;
    }
    QString targetError;
    if (!bench::BenchTarget::fromParameters(wanted, &targetError)) {
        m_urlError->setMessage(tr("The load generator cannot use this URL: %1").arg(targetError));
        m_url->setFocus();
        return false;
    }
    const QUrl url(wanted.url);
    // As hostbench-cli bench does: a target that takes no connection gets no
    // run (a closed port would otherwise give a run of connect failures).
    m_probing = wanted;
    m_probe->start(url.host(), quint16(url.port(80)));
    setState(tr("Connecting to %1…").arg(url.authority()));
    updateState();
    return true;
}

void BenchmarkPage::probeFinished(const QString &error)
{
    if (!error.isEmpty()) {
        m_urlError->setMessage(error);
        setState(tr("Ready."));
        updateState();
        return;
    }
    launch(m_probing);
}

void BenchmarkPage::launch(const model::BenchParameters &wanted)
{
    // The engine's counters and the run's clock from before the first request.
    const bool watchEngine = targetsOwnEngine(wanted);
    const model::MetricsSnapshot engineAtStart
        = watchEngine ? m_engine.metricsNow() : model::MetricsSnapshot();
    m_runClock.start();
    // Stored as it goes, as bench stores it: a window killed midway keeps the run as broken off.
    // The writes after the row's go to the writer's thread; without one (it
    // could not open the file) they are made here, as before.
    if (!m_writer) {
        auto writer = std::make_unique<storage::RunWriter>();
        QString writerError;
        if (!m_database.filePath().isEmpty() && writer->open(m_database.filePath(), &writerError)) {
            connect(writer.get(), &storage::RunWriter::stored, this, &BenchmarkPage::runStored);
            m_writer = std::move(writer);
        }
    }
    auto run = std::make_unique<runs::RecordedRun>(&m_database, m_writer.get());
    QString error;
    if (run->start(wanted, &error) != runs::RecordedRun::Start::Started) {
        showError(tr("The run did not start: %1").arg(error));
        setState(tr("Ready."));
        updateState();
        return;
    }
    saveForm();
    showError({});
    m_run = std::move(run);
    m_running = wanted;
    m_completed = 0;
    m_failed = 0;
    m_charts->clear(wanted.durationMs);
    m_charts->setLive(true);
    m_watchEngine = watchEngine;
    if (m_watchEngine) {
        m_engineAtStart = engineAtStart;
        m_engineBefore = m_engineAtStart;
        m_engineBeforeMs = 0;
        m_clientP50Ms = 0;
        m_charts->showEngine(true);
    }
    showEngineFigures(-1, -1, -1);
    m_report->clear();
    m_progress->setValue(0);
    setState(tr("Running…"));
    showFigures(0, 0, 0, 0, 0);
    m_poll.start();
    updateState();
    emit runningChanged(true);
}

void BenchmarkPage::stopRun()
{
    if (m_probe->isActive()) {
        m_probe->cancel();
        setState(tr("Ready."));
        updateState();
        return;
    }
    if (!m_run)
        return;
    // The generator winds down on its threads; poll() sees it finish.
    m_run->stop();
    m_stop->setEnabled(false);
    setState(tr("Stopping…"));
}

void BenchmarkPage::poll()
{
    if (!m_run)
        return;
    const QList<model::BenchSample> samples = m_run->poll();
    m_charts->append(samples);
    if (m_watchEngine)
        sampleEngine(samples);
    for (const model::BenchSample &sample : samples) {
        m_completed += sample.completed;
        m_failed += sample.failed;
    }
    m_progress->setValue(int(qBound(0.0, m_run->progress(), 1.0) * 1000));
    if (!samples.isEmpty()) {
        // The latest interval: what the load looks like now, not averaged away.
        const model::BenchSample &last = samples.constLast();
        showFigures(
            m_completed, last.requestsPerSecond(), last.p50Us / 1000.0, last.p99Us / 1000.0, m_failed);
    }
    if (m_run->isFinished())
        finish();
}

void BenchmarkPage::finish()
{
    m_poll.stop();
    // Finished: the threads have ended or are ending, so this returns at once.
    const runs::RecordedRun::Result result = m_run->finish();
    m_run.reset();
    const model::RunSummary &summary = result.summary;
    m_lastSummary = summary;
    const QList<model::BenchSample> &samples = result.samples;
    // The engine's side up to the run's end, its last responses included.
    if (m_watchEngine)
        sampleEngine({}, true);

    m_charts->setLive(false);
    m_charts->setSamples(samples, m_running.durationMs);
    // A run stopped early shows how far it got (2.8 s of 10: 28%), not 100%.
    double reached = 1.0;
    if (summary.interrupted) {
        reached = m_running.requests > 0
            ? double(summary.completed) / double(m_running.requests)
            : summary.timeTakenSec * 1000.0 / double(qMax<qint64>(1, m_running.durationMs));
    }
    m_progress->setValue(int(qBound(0.0, reached, 1.0) * m_progress->maximum()));
    m_report->setPlainText(ReportText::ab(m_running, summary));
    const auto takenMs = qint64(summary.timeTakenSec * 1000 + 0.5);
    setState(summary.interrupted ? tr("Stopped after %1.").arg(Format::elapsed(takenMs))
                                 : tr("Finished in %1.").arg(Format::elapsed(takenMs)));
    showFigures(summary.completed, summary.requestsPerSecond, summary.latencyP50Ms, summary.latencyP99Ms,
        summary.failed);
    if (m_watchEngine && m_engine.isRunning()) {
        // The whole run: the engine's percentiles of the responses served since its start.
        const QList<quint64> service = model::MetricsSnapshot::serviceTimePercentiles(
            m_engineAtStart, m_engine.metricsNow(), { 50, 99 });
        showEngineFigures(service.at(0) / 1000.0, service.at(1) / 1000.0, summary.latencyP50Ms);
    }

    // A run that broke off (no descriptors left) has figures that say little: shown, not stored.
    const qint64 runId = result.runId;
    if (!result.error.isEmpty()) {
        setState(tr("The run broke off."));
        showError(tr("The run broke off and was not stored: %1").arg(result.error));
    } else if (runId == 0) {
        showError(tr("The run could not be stored: %1").arg(result.storeError));
    } else if (const QString none = noneSucceeded(summary); !none.isEmpty()) {
        // As bench's exit status 2: "Failed: 0" alone would read as a
        // success. Said in the state line (one line: a note would grow the
        // page past 1024x700) and, with the statuses, atop the report.
        setState(summary.interrupted
                ? tr("Stopped after %1: no request succeeded.").arg(Format::elapsed(takenMs))
                : tr("Finished in %1: no request succeeded.").arg(Format::elapsed(takenMs)));
        m_report->setPlainText(none + u"\n\n"_s + m_report->toPlainText());
    }
    updateState();
    emit runningChanged(false);
    // Stored by the writer: runFinished comes with its answer (runStored).
    if (!result.storePending)
        emit runFinished(runId);
}

QString BenchmarkPage::noneSucceeded(const model::RunSummary &summary)
{
    if (summary.completed + summary.failed == 0 || summary.succeeded() > 0)
        return {};
    QStringList statuses; // those that came instead, the first three
    for (auto it = summary.statusCounts.cbegin(); it != summary.statusCounts.cend() && statuses.size() < 3;
         ++it)
        statuses << tr("%1 × %2").arg(Format::count(it.value())).arg(it.key());
    if (statuses.isEmpty())
        return tr("No request succeeded: none got a complete answer.");
    return tr("No request succeeded: no answer had a 2xx or 3xx status (%1).").arg(statuses.join(u", "_s));
}

void BenchmarkPage::runStored(qint64 runId, const QString &error)
{
    if (!error.isEmpty())
        showError(tr("The run could not be stored: %1").arg(error));
    emit runFinished(error.isEmpty() ? runId : 0);
}

bool BenchmarkPage::targetsOwnEngine(const model::BenchParameters &run) const
{
    if (!m_engine.isRunning())
        return false;
    const QUrl url(run.url);
    if (url.scheme() != u"http"_s || url.port(80) != m_engine.port())
        return false;
    const QString host = url.host().toLower();
    const QHostAddress address(host);
    const QHostAddress listen(m_engine.listenAddress());
    const bool anyAddress
        = listen == QHostAddress(QHostAddress::AnyIPv4) || listen == QHostAddress(QHostAddress::AnyIPv6);
    return host == u"localhost"_s || host == TargetResolver::connectableAddress(m_engine.listenAddress())
        || address == listen || (address.isLoopback() && (listen.isLoopback() || anyAddress));
}

void BenchmarkPage::sampleEngine(const QList<model::BenchSample> &samples, bool last)
{
    if (!samples.isEmpty())
        m_clientP50Ms = samples.constLast().p50Us / 1000.0;
    if (!m_engine.isRunning())
        return;
    const qint64 nowMs = m_runClock.elapsed();
    if (nowMs - m_engineBeforeMs < (last ? 1 : kPollIntervalMs / 2))
        return;
    const model::MetricsSnapshot now = m_engine.metricsNow();
    if (now.requests < m_engineBefore.requests) {
        // The engine restarted under the run: start over from here.
        m_engineBefore = now;
        m_engineBeforeMs = nowMs;
        return;
    }
    BenchCharts::EnginePoint point;
    point.seconds = nowMs / 1000.0;
    point.requestsPerSecond
        = double(now.requests - m_engineBefore.requests) * 1000.0 / double(nowMs - m_engineBeforeMs);
    const QList<quint64> service
        = model::MetricsSnapshot::serviceTimePercentiles(m_engineBefore, now, { 50, 99 });
    point.serviceP50Ms = service.at(0) / 1000.0;
    point.serviceP99Ms = service.at(1) / 1000.0;
    point.gapP50Ms = m_clientP50Ms - point.serviceP50Ms;
    m_charts->appendEngine({ point });
    if (now.requests > m_engineBefore.requests)
        showEngineFigures(point.serviceP50Ms, point.serviceP99Ms, m_clientP50Ms);
    m_engineBefore = now;
    m_engineBeforeMs = nowMs;
}

void BenchmarkPage::showEngineFigures(double serviceP50Ms, double serviceP99Ms, double clientP50Ms)
{
    if (serviceP50Ms < 0 || !m_watchEngine) {
        m_liveService->setText(u"–"_s);
        m_liveGap->setText(u"–"_s);
        return;
    }
    m_liveService->setText(
        tr("%1 / %2").arg(Format::milliseconds(serviceP50Ms), Format::milliseconds(serviceP99Ms)));
    m_liveGap->setText(Format::milliseconds(clientP50Ms - serviceP50Ms));
}

void BenchmarkPage::updateState()
{
    const bool running = isRunning() || isConnecting();
    for (QWidget *field : std::initializer_list<QWidget *> { m_url, m_concurrency, m_byRequests, m_byDuration,
             m_keepAlive, m_threads, m_rate, m_warmup, m_timeout, m_method, m_headers, m_bodyFile,
             m_bodyBrowse, m_contentType })
        field->setEnabled(!running);
    m_requests->setEnabled(!running && m_byRequests->isChecked());
    m_duration->setEnabled(!running && m_byDuration->isChecked());
    // A file given is the body: the text waits.
    m_body->setEnabled(!running && m_bodyFile->text().trimmed().isEmpty());
    // A bad field holds Start back, and Start says why.
    m_start->setEnabled(!running && m_fieldProblem.isEmpty());
    m_start->setToolTip(m_fieldProblem.isEmpty()
            ? QString()
            : tr("Cannot start: %1 (%2)").arg(m_fieldProblem, m_fieldProblemWhere));
    m_stop->setEnabled(running);
    showState();
}

void BenchmarkPage::updateHint()
{
    const TargetResolver target = TargetResolver::resolve(
        m_url->currentText(), m_database.virtualHosts(), m_engine.listenAddress(), m_engine.port());
    QString hint = target.hint;
    if (!m_engine.isRunning() && m_url->currentText().isEmpty())
        hint = noEngineHint();
    m_hint->setText(hint);
}

QString BenchmarkPage::noEngineHint()
{
    return tr("Start the engine (Server) to test its sites, or enter any http:// URL.");
}

bool BenchmarkPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_hint && event->type() == QEvent::Resize)
        reserveHintRoom();
    return QWidget::eventFilter(watched, event);
}

void BenchmarkPage::reserveHintRoom()
{
    // As high as the longest hint (at least two lines, for "Sent to ... with
    // Host: ...") at the label's width; only a new width changes it.
    const int width = m_hint->contentsRect().width();
    if (width <= 0)
        return;
    const QFontMetrics metrics(m_hint->font());
    const QRect longest
        = metrics.boundingRect(QRect(0, 0, width, QWIDGETSIZE_MAX), Qt::TextWordWrap, noEngineHint());
    const int height = std::max(2 * metrics.lineSpacing(), longest.height()) + m_hint->contentsMargins().top()
        + m_hint->contentsMargins().bottom();
    // Fixed, not only a minimum: the form's height-for-width estimate would
    // otherwise hand a hint of two lines a third now and then (German), and
    // the tabs under it would move.
    if (m_hint->minimumHeight() != height || m_hint->maximumHeight() != height)
        m_hint->setFixedHeight(height);
}

void BenchmarkPage::showFigures(quint64 requests, double rate, double p50Ms, double p99Ms, quint64 failed)
{
    m_liveRequests->setText(Format::count(requests));
    m_liveRate->setText(Format::rate(rate));
    m_liveLatency->setText(
        requests > 0 ? tr("%1 / %2").arg(Format::milliseconds(p50Ms), Format::milliseconds(p99Ms)) : u"–"_s);
    m_liveFailed->setText(Format::count(failed));
    // Failures in the error colour of the palette of the moment; none, in the inherited text colour.
    if (failed > 0) {
        QPalette palette = m_liveFailed->palette();
        palette.setColor(QPalette::WindowText, Tint::errorText(this->palette()));
        m_liveFailed->setPalette(palette);
    } else {
        m_liveFailed->setPalette(QPalette()); // no role of its own: the page's
    }
}

void BenchmarkPage::showError(const QString &message)
{
    m_error->setMessage(message);
}

// The form's fields as kept between sessions, each declared once: its key in
// AppSettings and its default. restoreForm() reads and saveForm() writes them
// from this list (AppSettings::restoreField and saveField know the widget kinds).
QList<BenchmarkPage::FormSetting> BenchmarkPage::formSettings() const
{
    return {
        { u"bench/url"_s, m_url, QString() },
        { u"bench/concurrency"_s, m_concurrency, 10 },
        { u"bench/requests"_s, m_requests, 10000 },
        { u"bench/durationSeconds"_s, m_duration, 10 },
        { u"bench/byDuration"_s, m_byDuration, true },
        { u"bench/keepAlive"_s, m_keepAlive, true },
        // On a small machine the generator and the engine share the cores.
        { u"bench/threads"_s, m_threads, qMax(1, QThread::idealThreadCount() / 2) },
        // Empty: bench's defaults (closed model, no warm-up, 30 s).
        { u"bench/rate"_s, m_rate, QString() },
        { u"bench/warmup"_s, m_warmup, QString() },
        { u"bench/timeout"_s, m_timeout, QString() },
        // The body before the method: a body restored makes a GET a POST, the stored method then wins.
        { u"bench/body"_s, m_body, QString() },
        { u"bench/bodyFile"_s, m_bodyFile, QString() },
        { u"bench/contentType"_s, m_contentType, u"text/plain"_s },
        { u"bench/method"_s, m_method, u"GET"_s },
        { u"bench/headers"_s, m_headers, QString() },
    };
}

void BenchmarkPage::restoreForm()
{
    for (const FormSetting &setting : formSettings())
        m_settings.restoreField(setting.key, setting.field, setting.fallback);
    m_byRequests->setChecked(!m_byDuration->isChecked());
}

void BenchmarkPage::saveForm()
{
    for (const FormSetting &setting : formSettings())
        m_settings.saveField(setting.key, setting.field);
}

} // namespace hostbench::ui
