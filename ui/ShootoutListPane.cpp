#include "ui/ShootoutListPane.h"

#include "bench/ReportFile.h"
#include "shootout/ShootoutExport.h"
#include "storage/Database.h"
#include "ui/ButtonTexts.h"
#include "ui/ShootoutListModel.h"
#include "ui/ShootoutPage.h"
#include "ui/ShootoutTables.h"
#include "ui/Tint.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

constexpr int kListLimit = 200;

} // namespace

ShootoutListPane::ShootoutListPane(storage::Database &database, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_model(new ShootoutListModel(this))
    , m_view(new QTableView(this))
    , m_note(new QLabel(this))
    , m_export(new QPushButton(
          style()->standardIcon(QStyle::SP_DialogSaveButton), ShootoutPage::tr("E&xport..."), this))
    , m_delete(
          new QPushButton(style()->standardIcon(QStyle::SP_TrashIcon), ShootoutPage::tr("De&lete"), this))
{
    m_view->setObjectName(u"shootoutList"_s);
    m_view->setModel(m_model);
    ShootoutTables::setUp(m_view, ShootoutListModel::Servers);
    m_note->setObjectName(u"shootoutListNote"_s);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_export->setObjectName(u"shootoutExport"_s);
    m_export->setToolTip(ShootoutPage::tr("Write the shown shootout to a JSON, CSV, Markdown or HTML file, "
                                          "as hostbench-cli shootout export does"));
    m_delete->setObjectName(u"shootoutDelete"_s);
    m_delete->setToolTip(ShootoutPage::tr("Delete the shown shootout and its runs"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_note, 1);
    bar->addWidget(m_export);
    bar->addWidget(m_delete);
    layout->addLayout(bar);

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (!m_reloading && !rows.isEmpty())
            emit selected(m_model->idAt(rows.constFirst().row()));
    });
    connect(m_export, &QPushButton::clicked, this, &ShootoutListPane::exportShown);
    connect(m_delete, &QPushButton::clicked, this, &ShootoutListPane::deleteShown);
    updateButtons();
}

bool ShootoutListPane::reload(qint64 id)
{
    m_reloading = true;
    m_model->setShootouts(m_database.shootouts(kListLimit));
    const int row = m_model->rowOf(id);
    if (row >= 0)
        m_view->selectRow(row);
    m_reloading = false;
    return row >= 0;
}

void ShootoutListPane::setShown(qint64 id)
{
    m_shownId = id;
    updateButtons();
}

void ShootoutListPane::setBusy(bool busy)
{
    m_busy = busy;
    updateButtons();
}

void ShootoutListPane::updateButtons()
{
    m_export->setEnabled(m_shownId != 0);
    // The shootout under way is being stored: its list entry stays.
    m_delete->setEnabled(m_shownId != 0 && !m_busy);
}

void ShootoutListPane::showNote(const QString &text, bool error)
{
    QPalette palette = m_note->palette();
    if (error)
        palette.setColor(QPalette::WindowText, Tint::errorText(this->palette()));
    m_note->setPalette(error ? palette : QPalette());
    m_note->setText(text);
    m_note->setToolTip(text);
}

void ShootoutListPane::exportShown()
{
    if (m_shownId == 0)
        return;
    const QString json = ShootoutPage::tr("JSON (*.json)");
    const QString csv = ShootoutPage::tr("CSV (*.csv)");
    const QString markdown = ShootoutPage::tr("Markdown (*.md)");
    const QString html = ShootoutPage::tr("HTML report (*.html)");
    const auto suffixOf = [&](const QString &filter) {
        return filter == csv     ? u"csv"_s
            : filter == markdown ? u"md"_s
            : filter == html     ? u"html"_s
                                 : u"json"_s;
    };
    // Qt's own dialog: the same everywhere, and drivable by tests.
    QFileDialog dialog(this, ShootoutPage::tr("Export Shootout %1").arg(m_shownId));
    dialog.setObjectName(u"shootoutExportFile"_s);
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters({ json, csv, markdown, html });
    dialog.setDefaultSuffix(u"json"_s);
    dialog.selectFile(u"shootout-%1.json"_s.arg(m_shownId));
    connect(&dialog, &QFileDialog::filterSelected, &dialog,
        [&](const QString &filter) { dialog.setDefaultSuffix(suffixOf(filter)); });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().constFirst();
    // The file's own suffix, when it names a format; else the filter's.
    QString format = QFileInfo(path).suffix().toLower();
    if (!shootout::ShootoutExport::format(format)) {
        format = suffixOf(dialog.selectedNameFilter());
    }
    exportShootout(m_shownId, path, format);
}

bool ShootoutListPane::exportShootout(qint64 id, const QString &path, const QString &format)
{
    const std::optional<shootout::ShootoutExport::Format> kind = shootout::ShootoutExport::format(format);
    if (!kind) {
        showNote(
            ShootoutPage::tr("Cannot export as \"%1\": the formats are json, csv, md and html.").arg(format),
            true);
        return false;
    }
    const std::optional<storage::StoredShootout> stored = m_database.shootout(id);
    if (!stored) {
        showNote(ShootoutPage::tr("Shootout %1 not exported: %2").arg(id).arg(m_database.lastError()), true);
        return false;
    }
    QString error;
    if (!bench::ReportFile::write(path, shootout::ShootoutExport::text(*stored, *kind).toUtf8(), &error)) {
        showNote(ShootoutPage::tr("Shootout %1 not exported: %2").arg(id).arg(error), true);
        return false;
    }
    showNote(
        ShootoutPage::tr("Shootout %1 exported to %2.").arg(id).arg(QDir::toNativeSeparators(path)), false);
    return true;
}

void ShootoutListPane::deleteShown()
{
    const qint64 id = m_shownId;
    if (id == 0 || m_busy)
        return;
    const std::optional<storage::StoredShootout> stored = m_database.shootout(id);
    const int runs = stored ? stored->runCount : 0;
    const QString question = ShootoutPage::tr(
        "Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.", nullptr,
        runs)
                                 .arg(id);
    auto *box = new QMessageBox(
        QMessageBox::Question, ShootoutPage::tr("Delete Shootout"), question, QMessageBox::Cancel, this);
    box->setObjectName(u"shootoutDeleteConfirm"_s);
    QPushButton *remove = box->addButton(ShootoutPage::tr("Delete"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, id] {
        if (box->clickedButton() == remove)
            removeAfterQuestion(id);
    });
    box->open();
}

void ShootoutListPane::removeAfterQuestion(qint64 id)
{
    // As `hostbench-cli shootout delete`: the shootout and its runs, in one transaction.
    if (!m_database.removeShootout(id)) {
        showNote(ShootoutPage::tr("Shootout %1 not deleted: %2").arg(id).arg(m_database.lastError()), true);
        return;
    }
    emit removed(id);
    showNote(ShootoutPage::tr("Shootout %1 and its runs deleted.").arg(id), false);
}

} // namespace hostbench::ui
