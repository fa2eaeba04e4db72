#include "ui/BenchmarkPage.h"

#include "bench/LoadGenerator.h"
#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/EngineController.h"
#include "ui/Format.h"
#include "ui/ReportText.h"
#include "ui/TargetResolver.h"

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
#include <QThread>
#include <QVBoxLayout>

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

BenchmarkPage::BenchmarkPage(storage::Database &database, AppSettings &settings, EngineController &engine,
                             QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(settings)
    , m_engine(engine)
    , m_url(new QComboBox(this))
    , m_hint(new QLabel(this))
    , m_concurrency(new QSpinBox(this))
    , m_byRequests(new QRadioButton(tr("Requests:"), this))
    , m_requests(new QSpinBox(this))
    , m_byDuration(new QRadioButton(tr("Duration:"), this))
    , m_duration(new QSpinBox(this))
    , m_keepAlive(new QCheckBox(tr("Keep-alive (reuse connections)"), this))
    , m_threads(new QSpinBox(this))
    , m_start(new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start"), this))
    , m_stop(new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), this))
    , m_progress(new QProgressBar(this))
    , m_live(new QLabel(this))
    , m_error(new QLabel(this))
    , m_charts(new BenchCharts(u"bench"_s, Qt::Horizontal, this))
    , m_report(new QPlainTextEdit(this))
{
    setObjectName(u"benchmarkPage"_s);
    m_url->setObjectName(u"benchUrl"_s);
    m_hint->setObjectName(u"benchTargetHint"_s);
    m_concurrency->setObjectName(u"benchConcurrency"_s);
    m_byRequests->setObjectName(u"benchByRequests"_s);
    m_requests->setObjectName(u"benchRequests"_s);
    m_byDuration->setObjectName(u"benchByDuration"_s);
    m_duration->setObjectName(u"benchDuration"_s);
    m_keepAlive->setObjectName(u"benchKeepAlive"_s);
    m_threads->setObjectName(u"benchThreads"_s);
    m_start->setObjectName(u"benchStart"_s);
    m_stop->setObjectName(u"benchStop"_s);
    m_progress->setObjectName(u"benchProgress"_s);
    m_live->setObjectName(u"benchLive"_s);
    m_error->setObjectName(u"benchError"_s);
    m_report->setObjectName(u"benchReport"_s);

    m_url->setEditable(true);
    m_url->setInsertPolicy(QComboBox::NoInsert);
    m_url->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_url->setMinimumContentsLength(24);
    m_url->lineEdit()->setPlaceholderText(tr("http://127.0.0.1:8080/"));
    m_hint->setWordWrap(true);
    QPalette hintPalette = m_hint->palette();
    hintPalette.setColor(QPalette::WindowText, hintPalette.color(QPalette::PlaceholderText));
    m_hint->setPalette(hintPalette);
    m_concurrency->setRange(1, 10000);
    m_concurrency->setToolTip(tr("Connections open at once (ab -c)"));
    m_requests->setRange(1, 1000000000);
    m_requests->setGroupSeparatorShown(true);
    m_requests->setToolTip(tr("Requests in all (ab -n)"));
    m_duration->setRange(1, 24 * 3600);
    m_duration->setSuffix(tr(" s"));
    m_duration->setToolTip(tr("Length of the run (ab -t)"));
    m_threads->setRange(1, 256);
    m_threads->setToolTip(tr("Load-generator threads; each has its own share of the connections"));
    m_keepAlive->setToolTip(tr("Several requests per connection (ab -k); without it every request opens a new connection"));
    auto *lengthGroup = new QButtonGroup(this);
    lengthGroup->addButton(m_byRequests);
    lengthGroup->addButton(m_byDuration);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(u"%p%"_s);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    m_error->setPalette(errorPalette);
    m_error->setVisible(false);
    m_live->setWordWrap(true);
    m_start->setDefault(true);

    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("The report appears here when the run ends."));

    auto *length = new QGridLayout;
    length->addWidget(m_byRequests, 0, 0);
    length->addWidget(m_requests, 0, 1);
    length->addWidget(m_byDuration, 1, 0);
    length->addWidget(m_duration, 1, 1);
    length->setColumnStretch(1, 1);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&URL:"), m_url);
    form->addRow(QString(), m_hint);
    form->addRow(tr("&Concurrency:"), m_concurrency);
    form->addRow(tr("Length:"), length);
    form->addRow(tr("T&hreads:"), m_threads);
    form->addRow(QString(), m_keepAlive);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();

    auto *formBox = new QGroupBox(tr("Load"), this);
    auto *formLayout = new QVBoxLayout(formBox);
    formLayout->addLayout(form);
    formLayout->addSpacing(6);
    formLayout->addLayout(buttons);
    formLayout->addWidget(m_progress);
    formLayout->addWidget(m_live);
    formLayout->addWidget(m_error);
    formLayout->addStretch();
    formBox->setMinimumWidth(330);
    formBox->setMaximumWidth(420);

    auto *results = new QSplitter(Qt::Vertical, this);
    results->setObjectName(u"benchSplitter"_s);
    results->addWidget(m_charts);
    results->addWidget(m_report);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 2);
    results->setChildrenCollapsible(false);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(formBox);
    layout->addWidget(results, 1);

    m_poll.setInterval(kPollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &BenchmarkPage::poll);
    connect(m_start, &QPushButton::clicked, this, &BenchmarkPage::startRun);
    connect(m_stop, &QPushButton::clicked, this, &BenchmarkPage::stopRun);
    connect(m_byRequests, &QRadioButton::toggled, this, &BenchmarkPage::updateState);
    connect(m_url, &QComboBox::currentTextChanged, this, &BenchmarkPage::updateHint);
    connect(&m_engine, &EngineController::runningChanged, this, &BenchmarkPage::refreshTargets);

    restoreForm();
    refreshTargets();
    updateState();
}

BenchmarkPage::~BenchmarkPage() = default; // ~LoadGenerator stops and joins a live run

model::BenchParameters BenchmarkPage::parameters() const
{
    model::BenchParameters parameters;
    // Sites are stored names; the engine's port makes the URL one of its sites.
    const TargetResolver target = TargetResolver::resolve(m_url->currentText(), m_database.virtualHosts(),
                                                          m_engine.listenAddress(), m_engine.port());
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
    return parameters;
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
    // An offered URL the user kept follows the engine to its new port.
    QString current = m_url->currentText();
    const qsizetype offered = m_offeredUrls.indexOf(current);
    if (offered >= 0 && offered < urls.size())
        current = urls.at(offered);
    if (current.isEmpty() && !urls.isEmpty())
        current = urls.constFirst();
    m_offeredUrls = urls;

    const QSignalBlocker blocker(m_url);
    m_url->clear();
    m_url->addItems(urls);
    m_url->setCurrentText(current);
    updateHint();
}

bool BenchmarkPage::startRun()
{
    if (m_generator)
        return false;
    const model::BenchParameters wanted = parameters();
    auto generator = std::make_unique<bench::LoadGenerator>();
    QString error;
    if (!generator->start(wanted, &error)) {
        showError(tr("The run did not start: %1").arg(error));
        return false;
    }
    saveForm();
    showError({});
    m_generator = std::move(generator);
    m_running = wanted;
    m_completed = 0;
    m_failed = 0;
    m_charts->clear(wanted.durationMs);
    m_report->clear();
    m_progress->setValue(0);
    m_live->setText(tr("Starting…"));
    m_poll.start();
    updateState();
    emit runningChanged(true);
    return true;
}

void BenchmarkPage::stopRun()
{
    if (!m_generator)
        return;
    // The generator winds down on its threads; poll() sees it finish.
    m_generator->stop();
    m_stop->setEnabled(false);
    m_live->setText(tr("Stopping…"));
}

void BenchmarkPage::poll()
{
    if (!m_generator)
        return;
    const QList<model::BenchSample> samples = m_generator->takeSamples();
    m_charts->append(samples);
    for (const model::BenchSample &sample : samples) {
        m_completed += sample.completed;
        m_failed += sample.failed;
    }
    m_progress->setValue(int(qBound(0.0, m_generator->progress(), 1.0) * 1000));
    if (!samples.isEmpty()) {
        const model::BenchSample &last = samples.constLast();
        m_live->setText(tr("%1 requests · %2 req/s · p99 %3 · %4 failed")
                            .arg(Format::count(m_completed), Format::rate(last.requestsPerSecond()),
                                 Format::milliseconds(last.p99Us / 1000.0), Format::count(m_failed)));
    }
    if (m_generator->isFinished())
        finish();
}

void BenchmarkPage::finish()
{
    m_poll.stop();
    // Finished: the threads have ended or are ending, so this returns at once.
    m_generator->wait();
    const model::RunSummary summary = m_generator->summary();
    const QList<model::BenchSample> samples = m_generator->allSamples();
    m_generator.reset();

    m_charts->setSamples(samples, m_running.durationMs);
    m_progress->setValue(m_progress->maximum());
    m_report->setPlainText(ReportText::ab(m_running, summary));
    m_live->setText(tr("%1 requests in %2 · %3 req/s · %4 failed")
                        .arg(Format::count(summary.completed), Format::duration(qint64(summary.timeTakenSec * 1000)),
                             Format::rate(summary.requestsPerSecond), Format::count(summary.failed)));

    const qint64 runId = m_database.saveRun(m_running, summary, samples);
    if (runId == 0)
        showError(tr("The run could not be stored: %1").arg(m_database.lastError()));
    updateState();
    emit runningChanged(false);
    emit runFinished(runId);
}

void BenchmarkPage::updateState()
{
    const bool running = isRunning();
    for (QWidget *field : std::initializer_list<QWidget *>{m_url, m_concurrency, m_byRequests, m_byDuration,
                                                           m_keepAlive, m_threads})
        field->setEnabled(!running);
    m_requests->setEnabled(!running && m_byRequests->isChecked());
    m_duration->setEnabled(!running && m_byDuration->isChecked());
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
}

void BenchmarkPage::updateHint()
{
    const TargetResolver target = TargetResolver::resolve(m_url->currentText(), m_database.virtualHosts(),
                                                          m_engine.listenAddress(), m_engine.port());
    QString hint = target.hint;
    if (!m_engine.isRunning() && m_url->currentText().isEmpty())
        hint = tr("Start the engine (Server) to test its sites, or enter any http:// URL.");
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
}

void BenchmarkPage::showError(const QString &message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

void BenchmarkPage::restoreForm()
{
    m_url->setCurrentText(m_settings.value(u"bench/url"_s));
    m_concurrency->setValue(m_settings.intValue(u"bench/concurrency"_s, 10));
    m_requests->setValue(m_settings.intValue(u"bench/requests"_s, 10000));
    m_duration->setValue(m_settings.intValue(u"bench/durationSeconds"_s, 10));
    const bool byDuration = m_settings.boolValue(u"bench/byDuration"_s, true);
    m_byDuration->setChecked(byDuration);
    m_byRequests->setChecked(!byDuration);
    m_keepAlive->setChecked(m_settings.boolValue(u"bench/keepAlive"_s, true));
    // On a small machine the generator and the engine share the cores.
    m_threads->setValue(m_settings.intValue(u"bench/threads"_s, qMax(1, QThread::idealThreadCount() / 2)));
}

void BenchmarkPage::saveForm()
{
    m_settings.setValue(u"bench/url"_s, m_url->currentText().trimmed());
    m_settings.setValue(u"bench/concurrency"_s, QString::number(m_concurrency->value()));
    m_settings.setValue(u"bench/requests"_s, QString::number(m_requests->value()));
    m_settings.setValue(u"bench/durationSeconds"_s, QString::number(m_duration->value()));
    m_settings.setValue(u"bench/byDuration"_s, m_byDuration->isChecked() ? u"1"_s : u"0"_s);
    m_settings.setValue(u"bench/keepAlive"_s, m_keepAlive->isChecked() ? u"1"_s : u"0"_s);
    m_settings.setValue(u"bench/threads"_s, QString::number(m_threads->value()));
}

} // namespace hostbench::ui
