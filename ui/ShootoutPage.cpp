#include "ui/ShootoutPage.h"

#include "shootout/ServerNote.h"
#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutJob.h"
#include "shootout/ShootoutReport.h"
#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/Format.h"
#include "ui/ShootoutCharts.h"
#include "ui/ShootoutForm.h"
#include "ui/ShootoutListPane.h"
#include "ui/ShootoutResultModel.h"
#include "ui/ShootoutTables.h"
#include "ui/WheelGuard.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QShowEvent>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

using shootout::ShootoutEvent;

namespace {

// The server notes of a stored shootout, a line each.
QStringList serverNotes(const QMap<QString, shootout::ServerNote> &servers)
{
    QStringList notes;
    for (auto it = servers.cbegin(); it != servers.cend(); ++it) {
        const shootout::ServerNote &note = it.value();
        if (note.status == u"missing"_s)
            notes.append(
                ShootoutPage::tr("%1: not installed (apt-get install %2)").arg(it.key(), note.package));
        else if (note.status == u"failed"_s)
            notes.append(ShootoutPage::tr("%1: failed to start: %2").arg(it.key(), note.message));
        else if (note.status == u"wrong bytes"_s)
            notes.append(ShootoutPage::tr("%1: left out, %2").arg(it.key(), note.message));
    }
    return notes;
}

} // namespace

QString ShootoutPage::cliProgram()
{
    const QString fromEnvironment = qEnvironmentVariable("HOSTBENCH_CLI");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
        { here.filePath(u"hostbench-cli"_s), here.filePath(u"../cli/hostbench-cli"_s) })
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    return QStandardPaths::findExecutable(u"hostbench-cli"_s);
}

ShootoutPage::ShootoutPage(storage::Database &database, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(std::make_unique<AppSettings>(database))
    , m_job(new shootout::ShootoutJob(this))
    , m_list(new ShootoutListPane(database, this))
    , m_charts(new ShootoutCharts(this))
{
    setObjectName(u"shootoutPage"_s);
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_list);
    right->addWidget(makeResultPane());
    right->addWidget(m_charts);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 3);
    right->setSizes({ 150, 280, 280 });
    right->setChildrenCollapsible(false);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(makeRunPane());
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    m_form->setValue(m_settings->shootoutForm());
    connectParts();
    refresh();
}

ShootoutPage::~ShootoutPage() = default; // the job stops a shootout under way

QWidget *ShootoutPage::makeRunPane()
{
    auto *left = new QWidget(this);
    auto *layout = new QVBoxLayout(left);
    layout->setContentsMargins(0, 0, 0, 0);
    // The form scrolls when the window is lower than it (1024x700): its
    // width is always whole; Run and Stop, below it, and the log keep their room.
    auto *formArea = new QScrollArea(left);
    formArea->setObjectName(u"shootoutFormArea"_s);
    formArea->setFrameShape(QFrame::NoFrame);
    formArea->setWidgetResizable(true);
    formArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_form = new ShootoutForm(cliProgram(), formArea);
    formArea->setWidget(m_form);
    formArea->setMinimumWidth(m_form->minimumSizeHint().width()
        + formArea->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, formArea));
    // The wheel over a field scrolls the form unless the field has the focus.
    WheelGuard::guard(m_form);
    layout->addWidget(formArea, 1);

    m_run = new QPushButton(tr("&Run Shootout"), left);
    m_run->setObjectName(u"shootoutRun"_s);
    m_run->setDefault(true);
    m_stop = new QPushButton(tr("S&top"), left);
    m_stop->setObjectName(u"shootoutStop"_s);
    m_stop->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_progress = new QProgressBar(left);
    m_progress->setObjectName(u"shootoutProgress"_s);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status = new QLabel(left);
    m_status->setObjectName(u"shootoutStatus"_s);
    m_status->setWordWrap(true);
    m_log = new QPlainTextEdit(left);
    m_log->setObjectName(u"shootoutLog"_s);
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("What the shootout says as it goes."));
    m_log->setMaximumBlockCount(2000);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_log);
    return left;
}

QWidget *ShootoutPage::makeResultPane()
{
    auto *pane = new QWidget(this);
    m_title = new QLabel(pane);
    m_title->setObjectName(u"shootoutTitle"_s);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_notes = new QLabel(pane);
    m_notes->setObjectName(u"shootoutNotes"_s);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultModel = new ShootoutResultModel(this);
    m_results = new QTableView(pane);
    m_results->setObjectName(u"shootoutResults"_s);
    m_results->setModel(m_resultModel);
    ShootoutTables::setUp(m_results, -1);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_notes);
    layout->addWidget(m_results, 1);
    return pane;
}

void ShootoutPage::connectParts()
{
    connect(m_run, &QPushButton::clicked, this, &ShootoutPage::startShootout);
    connect(m_stop, &QPushButton::clicked, this, &ShootoutPage::stopShootout);
    // Kept as changed: a window closed any way finds it again.
    connect(m_form, &ShootoutForm::changed, this, [this] { m_settings->setShootoutForm(m_form->value()); });
    connect(m_job, &shootout::ShootoutJob::event, this, &ShootoutPage::handleEvent);
    connect(m_job, &shootout::ShootoutJob::line, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_job, &shootout::ShootoutJob::finished, this, &ShootoutPage::jobFinished);
    connect(m_list, &ShootoutListPane::selected, this, &ShootoutPage::showShootout);
    connect(m_list, &ShootoutListPane::removed, this, [this](qint64 id) {
        showShootout(0);
        refresh();
        emit removed(id);
    });
}

void ShootoutPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!event->spontaneous() && !isRunning())
        refresh();
}

shootout::ShootoutOptions ShootoutPage::options() const
{
    shootout::ShootoutOptions o = m_form->options();
    o.dataDir = QFileInfo(m_database.filePath()).absolutePath();
    o.progress = shootout::ShootoutOptions::Progress::Json;
    return o;
}

QStringList ShootoutPage::arguments() const
{
    return options().arguments();
}

bool ShootoutPage::isRunning() const
{
    return m_job->isRunning();
}

bool ShootoutPage::startShootout()
{
    if (isRunning() || !m_form->checkChoice())
        return false;
    const QString program = cliProgram();
    if (program.isEmpty()) {
        m_status->setText(tr("hostbench-cli is not found beside Hostbench nor on PATH."));
        return false;
    }
    m_storedId = 0;
    m_log->clear();
    QString error;
    const bool started = m_job->start(program, options(), &error);
    m_log->appendPlainText(u"$ hostbench-cli "_s + m_job->arguments().join(u' '));
    if (!started) {
        m_status->setText(tr("Cannot start %1: %2").arg(program, error));
        return false;
    }
    m_progress->setRange(0, 0);
    m_status->setText(tr("Starting the servers and checking their answers…"));
    setRunning(true);
    return true;
}

void ShootoutPage::stopShootout()
{
    if (isRunning()) {
        m_status->setText(tr("Stopping…"));
        m_job->stop(); // SIGTERM: it stops its servers and stores what it measured
    }
}

void ShootoutPage::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
    m_list->setBusy(running);
    emit runningChanged(running);
}

void ShootoutPage::handleEvent(const ShootoutEvent &event)
{
    switch (event.kind) {
    case ShootoutEvent::Kind::RunStarting:
        m_progress->setRange(0, event.total);
        m_progress->setValue(event.done);
        m_status->setText(
            tr("Round %1 of %2: %3 %4").arg(event.round).arg(event.rounds).arg(event.server, event.workload));
        break;
    case ShootoutEvent::Kind::Result:
        m_progress->setValue(event.done);
        break;
    case ShootoutEvent::Kind::Done:
        m_storedId = event.shootoutId;
        break;
    case ShootoutEvent::Kind::Error:
        m_log->appendPlainText(u"hostbench-cli shootout: "_s + event.text);
        return;
    default:
        break;
    }
    const QString line = event.textLine();
    if (!line.isEmpty())
        m_log->appendPlainText(line);
}

void ShootoutPage::jobFinished(int exitCode, bool crashed)
{
    m_progress->setRange(0, 1);
    m_progress->setValue(!crashed && exitCode == 0 ? 1 : 0);
    m_status->setText(crashed ? tr("The shootout ended abnormally.")
            : exitCode == 0   ? tr("Done.")
                              : tr("The shootout failed: see its output below."));
    setRunning(false);
    refresh(m_storedId);
    emit finished(m_storedId);
}

void ShootoutPage::refresh(qint64 id)
{
    const qint64 keep = id != 0 ? id : m_shownId;
    if (m_list->reload(keep))
        showShootout(keep);
    else if (m_shownId != 0 && !m_database.shootout(m_shownId))
        showShootout(0); // deleted meanwhile (hostbench-cli shootout delete)
}

void ShootoutPage::showShootout(qint64 id)
{
    const std::optional<storage::StoredShootout> s = m_database.shootout(id);
    m_shownId = s ? id : 0;
    m_list->setShown(m_shownId);
    if (!s) {
        m_title->setText(id == 0 ? QString() : m_database.lastError());
        m_notes->clear();
        m_notes->hide();
        m_resultModel->setResults({});
        m_charts->setResults({});
        return;
    }
    const shootout::ShootoutOptions settings = shootout::ShootoutOptions::fromSettings(s->settings);
    if (settings.capacity())
        m_title->setText(tr("Shootout %1, %2: capacity at %3, steps of %4 s, median of %5 round(s)")
                             .arg(s->id)
                             .arg(Format::dateTime(s->startedAtMs), settings.capacitySlo.join(u", "_s))
                             .arg(double(settings.stepMs) / 1000.0)
                             .arg(settings.rounds));
    else
        m_title->setText(tr("Shootout %1, %2: %3 s per run, median of %4 round(s)")
                             .arg(s->id)
                             .arg(Format::dateTime(s->startedAtMs))
                             .arg(double(settings.durationMs) / 1000.0)
                             .arg(settings.rounds));
    QStringList notes = serverNotes(shootout::ServerNote::ofShootout(s->notes));
    // The machine its rates count for (hostbench-cli shootout stores it; older shootouts have none).
    if (const QString machine = s->settings.value(u"machine"_s).toString(); !machine.isEmpty())
        notes.prepend(tr("Machine: %1").arg(machine));
    m_notes->setText(notes.join(u'\n'));
    m_notes->setVisible(!notes.isEmpty());
    const QList<shootout::ShootoutWorkloadResult> results
        = shootout::ShootoutReport::aggregate(s->entries, settings.servers, settings.workloads);
    m_resultModel->setResults(results);
    m_charts->setResults(results);
}

void ShootoutPage::exportShownShootout()
{
    m_list->exportShown();
}

bool ShootoutPage::exportShootout(qint64 id, const QString &path, const QString &format)
{
    return m_list->exportShootout(id, path, format);
}

void ShootoutPage::deleteShownShootout()
{
    m_list->deleteShown();
}

} // namespace hostbench::ui
