#include "ui/BenchmarkPage.h"

#include "bench/BenchTarget.h"
#include "instance/ConnectProbe.h"
#include "instance/TargetResolver.h"
#include "runs/BaselineCheck.h"
#include "runs/RecordedRun.h"
#include "runs/RunService.h"
#include "storage/Database.h"
#include "storage/RunReader.h"
#include "storage/RunWriter.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/UrlProblem.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QTabWidget>
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
} // namespace

BenchmarkPage::BenchmarkPage(
    storage::Database &database, AppSettings &settings, EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(settings)
    , m_engine(engine)
    , m_probe(new ConnectProbe(this))
    , m_engineWatch(engine, kPollIntervalMs)
{
    setupForm(this);
    // The hint's room is kept whether or not there is one (reserveHintRoom()).
    m_hint->installEventFilter(this);

    m_poll.setInterval(kPollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &BenchmarkPage::poll);
    connect(m_start, &QPushButton::clicked, this, &BenchmarkPage::startRun);
    connect(m_stop, &QPushButton::clicked, this, &BenchmarkPage::stopRun);
    connect(m_byRequests, &QRadioButton::toggled, this, &BenchmarkPage::updateState);
    connect(m_stages, &QLineEdit::textChanged, this, &BenchmarkPage::updateState);
    connect(m_protocol, &QComboBox::currentIndexChanged, this, &BenchmarkPage::updateState);
    connect(m_url, &QComboBox::currentTextChanged, this, &BenchmarkPage::updateHint);
    connect(m_url, &QComboBox::currentTextChanged, m_urlError, [this] { m_urlError->setMessage({}); });
    connect(m_probe, &ConnectProbe::finished, this, &BenchmarkPage::probeFinished);
    connect(&m_engine, &EngineController::runningChanged, this, &BenchmarkPage::refreshTargets);
    for (QLineEdit *edit : { m_rate, m_stages, m_warmup, m_timeout, m_thresholds, m_bodyFile })
        connect(edit, &QLineEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_method, &QComboBox::currentTextChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_headers, &QPlainTextEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_body, &QPlainTextEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_bodyBrowse, &QPushButton::clicked, this, &BenchmarkPage::browseBodyFile);
    // The capacity finder's fields, read as they change; the box sets which fields count.
    connect(m_slo, &QLineEdit::textChanged, this, &BenchmarkPage::fieldsEdited);
    connect(m_findCapacity, &QCheckBox::toggled, this, &BenchmarkPage::fieldsEdited);
    // The open-model run going: Pause or Resume, a new rate.
    connect(m_pause, &QPushButton::clicked, this, &BenchmarkPage::togglePause);
    connect(m_applyRate, &QPushButton::clicked, this, &BenchmarkPage::applyRate);
    connect(m_rate, &QLineEdit::returnPressed, this, [this] {
        if (m_applyRate->isVisible())
            applyRate();
    });

    restoreForm();
    refreshTargets();
    showFigures(0, 0, 0, 0, 0);
    showEngineFigures(-1, -1, -1);
    setState(tr("Ready."));
    fieldsEdited();
}

// ~RecordedRun stops and joins a live run; ~RunService a search, storing it interrupted.
BenchmarkPage::~BenchmarkPage() = default;

model::BenchParameters BenchmarkPage::parameters() const
{
    return parametersWith(BenchmarkFields::read(*this, true));
}

model::BenchParameters BenchmarkPage::parametersWith(const BenchmarkFields &fields) const
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
    parameters.http2 = m_protocol->currentIndex() == 1;
    parameters.streams = parameters.http2 ? m_streams->value() : 1;
    parameters.sampleIntervalMs = sampleIntervalFor(parameters.durationMs);
    parameters.method = fields.method;
    parameters.headers = fields.headers;
    parameters.body = fields.body;
    parameters.contentType = fields.contentType;
    parameters.rate = fields.rate;
    parameters.stages = fields.stages;
    if (!fields.stages.isEmpty()) {
        // The run lasts the stages' sum, whatever the Length says.
        parameters.requests = 0;
        parameters.durationMs = model::LoadStages::totalMs(fields.stages);
        parameters.sampleIntervalMs = sampleIntervalFor(parameters.durationMs);
    }
    parameters.warmupMs = fields.warmupMs;
    parameters.timeoutMs = fields.timeoutMs;
    parameters.thresholds = fields.thresholds;
    parameters.abortOnFail = fields.abortOnFail;
    parameters.compareBaseline = m_compareBaseline->isChecked();
    if (fields.findCapacity) {
        // A search: each step an open-model run of the step's length (CapacityRun).
        parameters.findCapacity = fields.capacity;
        parameters.requests = 0;
        parameters.durationMs = fields.capacity.stepMs;
        parameters.sampleIntervalMs = sampleIntervalFor(parameters.durationMs);
        parameters.compareBaseline = false; // each step is judged by the SLOs alone
    }
    return parameters;
}

bool BenchmarkPage::showFieldProblems(const BenchmarkFields &fields)
{
    bool tabHasProblem[BenchmarkForm::kTabs] = {};
    for (FieldError *error : { m_rateError, m_stagesError, m_warmupError, m_timeoutError, m_thresholdsError,
             m_sloError, m_methodError, m_headersError, m_bodyFileError }) {
        QString message;
        for (const BenchmarkFields::Problem &problem : fields.problems) {
            if (problem.error == error && message.isEmpty())
                message = problem.message;
        }
        error->setMessage(message);
    }
    for (const BenchmarkFields::Problem &problem : fields.problems)
        tabHasProblem[problem.tab] = true;
    for (int tab = 0; tab < m_fieldTabs->count(); ++tab) {
        m_fieldTabs->setTabIcon(
            tab, tabHasProblem[tab] ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    }
    if (fields.problems.isEmpty()) {
        m_fieldProblem.clear();
        m_fieldProblemWhere.clear();
    } else {
        const BenchmarkFields::Problem &first = fields.problems.constFirst();
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
    showFieldProblems(BenchmarkFields::read(*this, false));
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
        QStringList sites = TargetResolver::siteUrls(m_database.virtualHosts(), m_engine.port());
        const QUrl tls(m_engine.tlsUrl());
        if (tls.isValid() && tls.port() > 0)
            sites << TargetResolver::siteTlsUrls(m_database.virtualHosts(), quint16(tls.port()));
        for (const QString &url : std::as_const(sites)) {
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
    return m_probe->isActive() || m_readingBaseline;
}

bool BenchmarkPage::startRun()
{
    if (m_run || m_probe->isActive())
        return false;
    // The fields first, as bench reads its flags before it connects; a body file is read now.
    const BenchmarkFields fields = BenchmarkFields::read(*this, true);
    if (!showFieldProblems(fields)) {
        const BenchmarkFields::Problem &first = fields.problems.constFirst();
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
    // Where the load generator will connect: NAME.localhost is 127.0.0.1 without a resolver.
    m_probe->start(
        bench::BenchTarget::lookupName(url.host()), quint16(url.port(url.scheme() == u"https"_s ? 443 : 80)));
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

void BenchmarkPage::updateState()
{
    const bool running = isRunning() || isConnecting();
    for (QWidget *field : std::initializer_list<QWidget *> { m_url, m_concurrency, m_byRequests, m_byDuration,
             m_keepAlive, m_threads, m_protocol, m_warmup, m_timeout, m_findCapacity, m_method, m_headers,
             m_bodyFile, m_bodyBrowse, m_contentType })
        field->setEnabled(!running);
    // An open-model run's Rate stays open: Apply gives the run a new one.
    m_rate->setEnabled(!running || (m_run && m_running.isOpenModel()));
    m_streams->setEnabled(!running && m_protocol->currentIndex() == 1); // streams are HTTP/2's
    // A capacity search sets its steps' length, rate and verdicts: the
    // stages and thresholds wait, its own fields count.
    const bool search = m_findCapacity->isChecked();
    for (QWidget *field :
        std::initializer_list<QWidget *> { m_stages, m_thresholds, m_abortOnFail, m_compareBaseline })
        field->setEnabled(!running && !search);
    for (QWidget *field : std::initializer_list<QWidget *> { m_slo, m_stepDuration, m_capacityPrecision })
        field->setEnabled(!running && search);
    m_rate->setPlaceholderText(search ? tr("100 (the first step)") : tr("Closed model"));
    m_warmup->setPlaceholderText(search ? tr("1 (each step)") : tr("None"));
    // Stages set the run's length, and so does a search: the Length fields wait.
    const bool staged = !m_stages->text().trimmed().isEmpty() || search;
    m_byRequests->setEnabled(!running && !staged);
    m_byDuration->setEnabled(!running && !staged);
    m_requests->setEnabled(!running && !staged && m_byRequests->isChecked());
    m_duration->setEnabled(!running && !staged && m_byDuration->isChecked());
    // A file given is the body: the text waits.
    m_body->setEnabled(!running && m_bodyFile->text().trimmed().isEmpty());
    // A bad field holds Start back, and Start says why.
    m_start->setEnabled(!running && m_fieldProblem.isEmpty());
    m_start->setToolTip(m_fieldProblem.isEmpty()
            ? QString()
            : tr("Cannot start: %1 (%2)").arg(m_fieldProblem, m_fieldProblemWhere));
    m_stop->setEnabled(running);
    updateRunControls();
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

void BenchmarkPage::showError(const QString &message)
{
    m_error->setMessage(message);
}

} // namespace hostbench::ui
