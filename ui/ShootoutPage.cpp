#include "ui/ShootoutPage.h"

#include "bench/ReportFile.h"
#include "shootout/ServerCatalog.h"
#include "shootout/ShootoutExport.h"
#include "shootout/ShootoutReport.h"
#include "shootout/Workload.h"
#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/ButtonTexts.h"
#include "ui/FieldError.h"
#include "ui/Format.h"
#include "ui/ShootoutCharts.h"
#include "ui/Tint.h"
#include "ui/WheelGuard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QShowEvent>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

constexpr int kListLimit = 200;

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

QTableWidgetItem *item(const QString &text, bool number = false)
{
    auto *cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number)
        cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return cell;
}

void setUpTable(QTableWidget *table, const QStringList &headers, int stretchColumn)
{
    table->setColumnCount(int(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setHighlightSections(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (stretchColumn >= 0)
        table->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
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
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_log(new QPlainTextEdit(this))
    , m_list(new QTableWidget(this))
    , m_listNote(new QLabel(this))
    , m_export(new QPushButton(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("E&xport..."), this))
    , m_delete(new QPushButton(style()->standardIcon(QStyle::SP_TrashIcon), tr("De&lete"), this))
    , m_title(new QLabel(this))
    , m_notes(new QLabel(this))
    , m_results(new QTableWidget(this))
    , m_charts(new ShootoutCharts(this))
{
    setObjectName(u"shootoutPage"_s);
    m_progress->setObjectName(u"shootoutProgress"_s);
    m_status->setObjectName(u"shootoutStatus"_s);
    m_log->setObjectName(u"shootoutLog"_s);
    m_list->setObjectName(u"shootoutList"_s);
    m_listNote->setObjectName(u"shootoutListNote"_s);
    m_export->setObjectName(u"shootoutExport"_s);
    m_export->setToolTip(tr("Write the shown shootout to a JSON, CSV or Markdown file, as hostbench-cli "
                            "shootout export does"));
    m_delete->setObjectName(u"shootoutDelete"_s);
    m_delete->setToolTip(tr("Delete the shown shootout and its runs"));
    m_listNote->setWordWrap(true);
    m_listNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setObjectName(u"shootoutTitle"_s);
    m_notes->setObjectName(u"shootoutNotes"_s);
    m_results->setObjectName(u"shootoutResults"_s);

    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("What the shootout says as it goes."));
    m_log->setMaximumBlockCount(2000);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);

    setUpTable(m_list, { tr("Shootout"), tr("Started"), tr("Servers"), tr("Workloads"), tr("Runs") }, 2);
    setUpTable(m_results,
        { tr("Workload"), tr("Server"), tr("Requests/s"), tr("Spread"), tr("Ratio to best"), tr("p50"),
            tr("p99"), tr("CPU µs/request"), tr("Errors") },
        -1);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    // The form scrolls when the window is lower than it (1024x700): its
    // width is always whole; Run and Stop, below it, and the log keep their room.
    auto *formArea = new QScrollArea(left);
    formArea->setObjectName(u"shootoutFormArea"_s);
    formArea->setFrameShape(QFrame::NoFrame);
    formArea->setWidgetResizable(true);
    formArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QWidget *form = makeForm();
    formArea->setWidget(form);
    formArea->setMinimumWidth(form->minimumSizeHint().width()
        + formArea->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, formArea));
    leftLayout->addWidget(formArea, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_progress);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_log);

    auto *listPane = new QWidget(this);
    auto *listLayout = new QVBoxLayout(listPane);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_list, 1);
    auto *listBar = new QHBoxLayout;
    listBar->addWidget(m_listNote, 1);
    listBar->addWidget(m_export);
    listBar->addWidget(m_delete);
    listLayout->addLayout(listBar);
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(listPane);
    auto *resultPane = new QWidget(this);
    auto *resultLayout = new QVBoxLayout(resultPane);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    resultLayout->addWidget(m_title);
    resultLayout->addWidget(m_notes);
    resultLayout->addWidget(m_results, 1);
    right->addWidget(resultPane);
    right->addWidget(m_charts);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    right->setStretchFactor(2, 3);
    right->setSizes({ 150, 280, 280 });
    right->setChildrenCollapsible(false);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_list, &QTableWidget::itemSelectionChanged, this, [this] {
        const QList<QTableWidgetItem *> selected = m_list->selectedItems();
        if (!selected.isEmpty())
            showShootout(m_list->item(selected.constFirst()->row(), 0)->data(Qt::UserRole).toLongLong());
    });
    connect(m_export, &QPushButton::clicked, this, &ShootoutPage::exportShownShootout);
    connect(m_delete, &QPushButton::clicked, this, &ShootoutPage::deleteShownShootout);
    restoreForm();
    // Kept as changed: a window closed any way finds it again.
    for (QCheckBox *box : form->findChildren<QCheckBox *>())
        connect(box, &QCheckBox::toggled, this, &ShootoutPage::saveForm);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ShootoutPage::saveForm);
    for (QSpinBox *box : { m_concurrency, m_rounds })
        connect(box, &QSpinBox::valueChanged, this, &ShootoutPage::saveForm);
    for (QDoubleSpinBox *box : { m_rate, m_duration })
        connect(box, &QDoubleSpinBox::valueChanged, this, &ShootoutPage::saveForm);
    // The wheel over a field scrolls the form unless the field has the focus.
    WheelGuard::guard(form);
    updateModelFields();
    refresh();
}

ShootoutPage::~ShootoutPage()
{
    // A shootout under way stops its servers and removes its folder on SIGTERM.
    if (isRunning()) {
        m_process->terminate();
        if (!m_process->waitForFinished(15'000))
            m_process->kill();
        m_process->waitForFinished(3000);
    }
}

void ShootoutPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!event->spontaneous() && !isRunning())
        refresh();
}

QWidget *ShootoutPage::makeForm()
{
    auto *form = new QWidget(this);
    auto *layout = new QVBoxLayout(form);
    layout->setContentsMargins(0, 0, 0, 0);

    const QString cli = cliProgram();
    auto *servers = new QGroupBox(tr("Servers"), form);
    auto *serverLayout = new QVBoxLayout(servers);
    for (const shootout::ServerKind &kind : shootout::ServerCatalog::all()) {
        const bool installed = !shootout::ServerCatalog::locate(kind, cli).isEmpty();
        auto *box = new QCheckBox(
            installed ? kind.id : tr("%1 (missing: apt-get install %2)").arg(kind.id, kind.package), servers);
        box->setObjectName(u"shootoutServer_"_s + kind.id);
        box->setEnabled(installed);
        box->setChecked(installed && (kind.id == u"hostbench"_s || kind.id == u"nginx"_s));
        box->setProperty("serverId", kind.id);
        serverLayout->addWidget(box);
        m_servers.insert(kind.id, box);
    }
    m_serversError = new FieldError(servers, servers);
    serverLayout->addWidget(m_serversError);

    auto *workloads = new QGroupBox(tr("Workloads"), form);
    auto *workloadLayout = new QVBoxLayout(workloads);
    for (const shootout::Workload &workload : shootout::Workload::all()) {
        auto *box = new QCheckBox(
            u"%1  %2 %3"_s.arg(workload.id, workload.path, Format::bytes(quint64(workload.bytes))),
            workloads);
        box->setObjectName(u"shootoutWorkload_"_s + workload.id);
        box->setChecked(workload.id == u"W1"_s || workload.id == u"W6"_s);
        workloadLayout->addWidget(box);
        m_workloads.insert(workload.id, box);
    }
    m_workloadsError = new FieldError(workloads, workloads);
    workloadLayout->addWidget(m_workloadsError);

    m_model = new QComboBox(form);
    m_model->setObjectName(u"shootoutModel"_s);
    m_model->addItem(tr("Closed: connections"));
    m_model->addItem(tr("Open: requests per second"));
    m_concurrency = new QSpinBox(form);
    m_concurrency->setObjectName(u"shootoutConcurrency"_s);
    m_concurrency->setRange(0, 10'000);
    m_concurrency->setSpecialValueText(tr("each workload's own"));
    m_keepAlive = new QCheckBox(tr("&Keep-alive"), form);
    m_keepAlive->setObjectName(u"shootoutKeepAlive"_s);
    m_keepAlive->setChecked(true);
    m_rate = new QDoubleSpinBox(form);
    m_rate->setObjectName(u"shootoutRate"_s);
    m_rate->setRange(1, 1e7);
    m_rate->setDecimals(0);
    m_rate->setValue(1000);
    m_rate->setSuffix(tr(" requests/s"));
    m_duration = new QDoubleSpinBox(form);
    m_duration->setObjectName(u"shootoutDuration"_s);
    m_duration->setRange(0.1, 3600);
    m_duration->setDecimals(1);
    m_duration->setValue(5);
    m_duration->setSuffix(tr(" s per run"));
    m_rounds = new QSpinBox(form);
    m_rounds->setObjectName(u"shootoutRounds"_s);
    m_rounds->setRange(1, 100);
    m_rounds->setValue(3);

    auto *fields = new QFormLayout;
    fields->addRow(tr("&Model:"), m_model);
    fields->addRow(tr("&Connections:"), m_concurrency);
    fields->addRow(QString(), m_keepAlive);
    fields->addRow(tr("R&ate:"), m_rate);
    fields->addRow(tr("&Duration:"), m_duration);
    fields->addRow(tr("R&ounds:"), m_rounds);

    // Below the scroll area, not in it (the constructor places them).
    m_run = new QPushButton(tr("&Run Shootout"), this);
    m_run->setObjectName(u"shootoutRun"_s);
    m_run->setDefault(true);
    m_stop = new QPushButton(tr("S&top"), this);
    m_stop->setObjectName(u"shootoutStop"_s);
    m_stop->setEnabled(false);

    layout->addWidget(servers);
    layout->addWidget(workloads);
    layout->addLayout(fields);
    layout->addStretch(1);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ShootoutPage::updateModelFields);
    connect(m_run, &QPushButton::clicked, this, &ShootoutPage::startShootout);
    connect(m_stop, &QPushButton::clicked, this, &ShootoutPage::stopShootout);
    return form;
}

void ShootoutPage::restoreForm()
{
    m_restoring = true;
    const AppSettings::ShootoutForm stored = m_settings->shootoutForm();
    for (QCheckBox *box : m_servers)
        box->setChecked(box->isEnabled() && stored.servers.contains(box->property("serverId").toString()));
    for (auto it = m_workloads.cbegin(); it != m_workloads.cend(); ++it)
        it.value()->setChecked(stored.workloads.contains(it.key()));
    m_model->setCurrentIndex(stored.openModel ? 1 : 0);
    m_concurrency->setValue(stored.connections);
    m_keepAlive->setChecked(stored.keepAlive);
    m_rate->setValue(stored.rate);
    m_duration->setValue(stored.durationSeconds);
    m_rounds->setValue(stored.rounds);
    m_restoring = false;
}

void ShootoutPage::saveForm()
{
    if (m_restoring)
        return;
    AppSettings::ShootoutForm form;
    form.servers.clear();
    for (const QString &id : shootout::ServerCatalog::ids()) {
        const QCheckBox *box = m_servers.value(id);
        if (box && box->isEnabled() && box->isChecked())
            form.servers.append(id);
    }
    form.workloads.clear();
    for (auto it = m_workloads.cbegin(); it != m_workloads.cend(); ++it)
        if (it.value()->isChecked())
            form.workloads.append(it.key());
    form.openModel = m_model->currentIndex() == 1;
    form.connections = m_concurrency->value();
    form.keepAlive = m_keepAlive->isChecked();
    form.rate = int(m_rate->value());
    form.durationSeconds = m_duration->value();
    form.rounds = m_rounds->value();
    m_settings->setShootoutForm(form);
}

void ShootoutPage::updateModelFields()
{
    const bool open = m_model->currentIndex() == 1;
    m_rate->setEnabled(open);
    m_concurrency->setEnabled(true);
}

QStringList ShootoutPage::arguments() const
{
    QStringList servers;
    for (QCheckBox *box : m_servers)
        if (box->isEnabled() && box->isChecked())
            servers.append(box->property("serverId").toString());
    // In the catalogue's order, Hostbench first.
    QStringList ordered;
    for (const QString &id : shootout::ServerCatalog::ids())
        if (servers.contains(id))
            ordered.append(id);
    QStringList workloads;
    for (auto it = m_workloads.cbegin(); it != m_workloads.cend(); ++it)
        if (it.value()->isChecked())
            workloads.append(it.key());
    QStringList arguments { u"shootout"_s, u"--servers"_s, ordered.join(u','), u"--workloads"_s,
        workloads.join(u','), u"-t"_s, QString::number(m_duration->value()), u"--rounds"_s,
        QString::number(m_rounds->value()), u"--data-dir"_s,
        QFileInfo(m_database.filePath()).absolutePath() };
    if (m_concurrency->value() > 0)
        arguments << u"-c"_s << QString::number(m_concurrency->value());
    if (!m_keepAlive->isChecked())
        arguments << u"--no-keep-alive"_s;
    if (m_model->currentIndex() == 1)
        arguments << u"--rate"_s << QString::number(m_rate->value(), 'f', 0);
    return arguments;
}

bool ShootoutPage::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

bool ShootoutPage::startShootout()
{
    if (isRunning())
        return false;
    const QStringList args = arguments();
    m_serversError->setMessage(args.at(2).isEmpty() ? tr("Pick at least one server.") : QString());
    m_workloadsError->setMessage(args.at(4).isEmpty() ? tr("Pick at least one workload.") : QString());
    if (args.at(2).isEmpty() || args.at(4).isEmpty())
        return false;
    const QString program = cliProgram();
    if (program.isEmpty()) {
        m_status->setText(tr("hostbench-cli is not found beside Hostbench nor on PATH."));
        return false;
    }
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProgram(program);
    m_process->setArguments(args);
    m_pending.clear();
    m_storedId = 0;
    m_log->clear();
    m_log->appendPlainText(u"$ hostbench-cli "_s + args.join(u' '));
    connect(m_process, &QProcess::readyReadStandardError, this, &ShootoutPage::readOutput);
    connect(m_process, &QProcess::finished, this, &ShootoutPage::processFinished);
    m_process->start();
    if (!m_process->waitForStarted(10'000)) {
        m_status->setText(tr("Cannot start %1: %2").arg(program, m_process->errorString()));
        return false;
    }
    m_progress->setRange(0, 0);
    m_status->setText(tr("Starting the servers and checking their answers…"));
    m_run->setEnabled(false);
    m_stop->setEnabled(true);
    updateListButtons();
    emit runningChanged(true);
    return true;
}

void ShootoutPage::stopShootout()
{
    if (isRunning()) {
        m_status->setText(tr("Stopping…"));
        m_process->terminate(); // SIGTERM: it stops its servers and stores what it measured
    }
}

void ShootoutPage::readOutput()
{
    m_pending += m_process->readAllStandardError();
    qsizetype end = 0;
    while ((end = m_pending.indexOf('\n')) >= 0) {
        handleLine(QString::fromUtf8(m_pending.left(end)));
        m_pending.remove(0, end + 1);
    }
}

void ShootoutPage::handleLine(const QString &line)
{
    static const QRegularExpression progress(u"^\\[(\\d+)/(\\d+)\\] (.*)$"_s);
    static const QRegularExpression stored(u"^Stored as shootout (\\d+) in "_s);
    if (const QRegularExpressionMatch match = progress.match(line); match.hasMatch()) {
        m_progress->setRange(0, match.captured(2).toInt());
        m_progress->setValue(match.captured(1).toInt());
        m_status->setText(match.captured(3));
    } else if (const QRegularExpressionMatch match = stored.match(line); match.hasMatch()) {
        m_storedId = match.captured(1).toLongLong();
    }
    m_log->appendPlainText(line);
}

void ShootoutPage::processFinished(int exitCode, QProcess::ExitStatus status)
{
    readOutput();
    if (!m_pending.isEmpty())
        handleLine(QString::fromUtf8(m_pending));
    m_pending.clear();
    const QString out = QString::fromUtf8(m_process->readAllStandardOutput()).trimmed();
    if (!out.isEmpty())
        m_log->appendPlainText(out);
    m_progress->setRange(0, 1);
    m_progress->setValue(status == QProcess::NormalExit && exitCode == 0 ? 1 : 0);
    m_status->setText(status != QProcess::NormalExit ? tr("The shootout ended abnormally.")
            : exitCode == 0                          ? tr("Done.")
                                                     : tr("The shootout failed: see its output below."));
    m_run->setEnabled(true);
    m_stop->setEnabled(false);
    refresh(m_storedId);
    updateListButtons();
    emit runningChanged(false);
    emit finished(m_storedId);
}

void ShootoutPage::refresh(qint64 id)
{
    const qint64 keep = id != 0 ? id : m_shownId;
    const QSignalBlocker blocker(m_list);
    m_list->setRowCount(0);
    int selectRow = -1;
    for (const storage::StoredShootout &s : m_database.shootouts(kListLimit)) {
        const int row = m_list->rowCount();
        m_list->insertRow(row);
        QTableWidgetItem *first = item(QString::number(s.id), true);
        first->setData(Qt::UserRole, s.id);
        m_list->setItem(row, 0, first);
        m_list->setItem(row, 1, item(Format::dateTime(s.startedAtMs)));
        QString servers = stringList(s.settings.value(u"servers"_s)).join(u", "_s);
        if (!s.finished)
            servers += tr(" (broken off)");
        m_list->setItem(row, 2, item(servers));
        m_list->setItem(row, 3, item(stringList(s.settings.value(u"workloads"_s)).join(u", "_s)));
        m_list->setItem(row, 4, item(QString::number(s.runCount), true));
        if (s.id == keep)
            selectRow = row;
    }
    if (selectRow >= 0) {
        m_list->selectRow(selectRow);
        showShootout(keep);
    } else if (m_shownId != 0 && !m_database.shootout(m_shownId)) {
        showShootout(0); // deleted meanwhile (hostbench-cli shootout delete)
    }
    updateListButtons();
}

void ShootoutPage::showShootout(qint64 id)
{
    const std::optional<storage::StoredShootout> s = m_database.shootout(id);
    m_results->setRowCount(0);
    m_shownId = s ? id : 0;
    updateListButtons();
    if (!s) {
        m_title->setText(id == 0 ? QString() : m_database.lastError());
        m_notes->clear();
        m_notes->hide();
        m_charts->setResults({});
        return;
    }
    m_title->setText(tr("Shootout %1, %2: %3 s per run, median of %4 round(s)")
                         .arg(s->id)
                         .arg(Format::dateTime(s->startedAtMs))
                         .arg(s->settings.value(u"duration_s"_s).toDouble())
                         .arg(s->settings.value(u"rounds"_s).toInt()));
    QStringList notes;
    const QJsonObject servers = s->notes.value(u"servers"_s).toObject();
    for (auto it = servers.constBegin(); it != servers.constEnd(); ++it) {
        const QJsonObject note = it.value().toObject();
        const QString state = note.value(u"status"_s).toString();
        if (state == u"missing"_s)
            notes.append(tr("%1: not installed (apt-get install %2)")
                             .arg(it.key(), note.value(u"package"_s).toString()));
        else if (state == u"failed"_s)
            notes.append(tr("%1: failed to start: %2").arg(it.key(), note.value(u"message"_s).toString()));
        else if (state == u"wrong bytes"_s)
            notes.append(tr("%1: left out, %2").arg(it.key(), note.value(u"message"_s).toString()));
    }
    m_notes->setText(notes.join(u'\n'));
    m_notes->setVisible(!notes.isEmpty());
    const QList<shootout::ShootoutWorkloadResult> results = shootout::ShootoutReport::aggregate(s->entries,
        stringList(s->settings.value(u"servers"_s)), stringList(s->settings.value(u"workloads"_s)));
    for (const shootout::ShootoutWorkloadResult &result : results) {
        for (const shootout::ShootoutCell &cell : result.cells) {
            const int row = m_results->rowCount();
            m_results->insertRow(row);
            m_results->setItem(row, 0, item(result.workload));
            m_results->setItem(row, 1, item(cell.server));
            m_results->setItem(row, 2, item(Format::rate(cell.requestsPerSecond), true));
            m_results->setItem(row, 3, item(u"±%1%"_s.arg(cell.spreadPercent, 0, 'f', 0), true));
            m_results->setItem(row, 4, item(QString::number(cell.ratioToBest, 'f', 2), true));
            m_results->setItem(row, 5, item(Format::milliseconds(cell.p50Ms), true));
            m_results->setItem(row, 6, item(Format::milliseconds(cell.p99Ms), true));
            m_results->setItem(row, 7, item(QString::number(cell.cpuUsPerRequest, 'f', 1), true));
            m_results->setItem(row, 8, item(Format::count(cell.errors), true));
        }
    }
    m_charts->setResults(results);
}

} // namespace hostbench::ui

namespace hostbench::ui {

void ShootoutPage::updateListButtons()
{
    m_export->setEnabled(m_shownId != 0);
    // The shootout under way is being stored: its list entry stays.
    m_delete->setEnabled(m_shownId != 0 && !isRunning());
}

void ShootoutPage::showListNote(const QString &text, bool error)
{
    QPalette palette = m_listNote->palette();
    if (error)
        palette.setColor(QPalette::WindowText, Tint::errorText(this->palette()));
    m_listNote->setPalette(error ? palette : QPalette());
    m_listNote->setText(text);
    m_listNote->setToolTip(text);
}

void ShootoutPage::exportShownShootout()
{
    if (m_shownId == 0)
        return;
    const QString json = tr("JSON (*.json)");
    const QString csv = tr("CSV (*.csv)");
    const QString markdown = tr("Markdown (*.md)");
    // Qt's own dialog: the same everywhere, and drivable by tests.
    QFileDialog dialog(this, tr("Export Shootout %1").arg(m_shownId));
    dialog.setObjectName(u"shootoutExportFile"_s);
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters({ json, csv, markdown });
    dialog.setDefaultSuffix(u"json"_s);
    dialog.selectFile(u"shootout-%1.json"_s.arg(m_shownId));
    connect(&dialog, &QFileDialog::filterSelected, &dialog, [&](const QString &filter) {
        dialog.setDefaultSuffix(filter == csv ? u"csv"_s : filter == markdown ? u"md"_s : u"json"_s);
    });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().constFirst();
    // The file's own suffix, when it names a format; else the filter's.
    QString format = QFileInfo(path).suffix().toLower();
    if (!shootout::ShootoutExport::format(format)) {
        const QString filter = dialog.selectedNameFilter();
        format = filter == csv ? u"csv"_s : filter == markdown ? u"md"_s : u"json"_s;
    }
    exportShootout(m_shownId, path, format);
}

bool ShootoutPage::exportShootout(qint64 id, const QString &path, const QString &format)
{
    const std::optional<shootout::ShootoutExport::Format> kind = shootout::ShootoutExport::format(format);
    if (!kind) {
        showListNote(tr("Cannot export as \"%1\": the formats are json, csv and md.").arg(format), true);
        return false;
    }
    const std::optional<storage::StoredShootout> stored = m_database.shootout(id);
    if (!stored) {
        showListNote(tr("Shootout %1 not exported: %2").arg(id).arg(m_database.lastError()), true);
        return false;
    }
    QString error;
    if (!bench::ReportFile::write(path, shootout::ShootoutExport::text(*stored, *kind).toUtf8(), &error)) {
        showListNote(tr("Shootout %1 not exported: %2").arg(id).arg(error), true);
        return false;
    }
    showListNote(tr("Shootout %1 exported to %2.").arg(id).arg(QDir::toNativeSeparators(path)), false);
    return true;
}

void ShootoutPage::deleteShownShootout()
{
    const qint64 id = m_shownId;
    if (id == 0 || isRunning())
        return;
    const std::optional<storage::StoredShootout> stored = m_database.shootout(id);
    const int runs = stored ? stored->runCount : 0;
    const QString question
        = tr("Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.",
            nullptr, runs)
              .arg(id);
    auto *box
        = new QMessageBox(QMessageBox::Question, tr("Delete Shootout"), question, QMessageBox::Cancel, this);
    box->setObjectName(u"shootoutDeleteConfirm"_s);
    QPushButton *remove = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, id] {
        if (box->clickedButton() != remove)
            return;
        // As `hostbench-cli shootout delete`: the shootout and its runs, in one transaction.
        if (!m_database.removeShootout(id)) {
            showListNote(tr("Shootout %1 not deleted: %2").arg(id).arg(m_database.lastError()), true);
            return;
        }
        showShootout(0);
        refresh();
        showListNote(tr("Shootout %1 and its runs deleted.").arg(id), false);
        emit removed(id);
    });
    box->open();
}

} // namespace hostbench::ui
