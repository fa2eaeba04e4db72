#include "ui/SitesPage.h"

#include "instance/TargetResolver.h"
#include "storage/Database.h"
#include "storage/SiteEdits.h"
#include "ui/ButtonTexts.h"
#include "ui/DesktopOpener.h"
#include "ui/EngineController.h"
#include "ui/SiteDialog.h"
#include "ui/SiteTableModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QHostAddress>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

using Column = SiteTableModel::Column;
static_assert(SitesPage::kHostIdRole == SiteTableModel::kHostIdRole);
static_assert(SitesPage::kDefaultRole == SiteTableModel::kDefaultRole);

SitesPage::SitesPage(storage::Database &database, EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_engine(engine)
    , m_model(new SiteTableModel(this))
    , m_table(new QTableView(this))
    , m_add(new QPushButton(tr("&Add…"), this))
    , m_edit(new QPushButton(tr("&Edit…"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_open(new QPushButton(tr("&Open in Browser"), this))
    , m_openFolder(new QPushButton(tr("Open &Folder"), this))
    , m_hint(new QLabel(this))
    , m_servedBy(new QLabel(this))
{
    nameWidgets();
    setupTable();
    buildLayout();
    connectActions();
    refresh();
}

void SitesPage::nameWidgets()
{
    setObjectName(u"sitesPage"_s);
    m_table->setObjectName(u"sitesTable"_s);
    m_add->setObjectName(u"sitesAdd"_s);
    m_edit->setObjectName(u"sitesEdit"_s);
    m_remove->setObjectName(u"sitesRemove"_s);
    m_open->setObjectName(u"sitesOpen"_s);
    m_openFolder->setObjectName(u"sitesOpenFolder"_s);
    m_openFolder->setToolTip(tr("Show the site's document root in the file manager"));
    m_hint->setObjectName(u"sitesHint"_s);
    m_servedBy->setObjectName(u"sitesServedBy"_s);
    m_servedBy->setWordWrap(true);
    m_servedBy->setTextFormat(Qt::PlainText);
    // Selectable, so that the curl command can be copied.
    m_servedBy->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_add->setIcon(style()->standardIcon(QStyle::SP_FileDialogNewFolder));
    m_open->setIcon(style()->standardIcon(QStyle::SP_ArrowRight));
    m_openFolder->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_hint->setWordWrap(true);
    m_hint->setText(tr("Each site answers the requests whose Host header is its host name or one of its "
                       "aliases. The default site (★) answers every other host name."));
}

void SitesPage::setupTable()
{
    m_table->setModel(m_model);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(Column::HostColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Column::AliasesColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(Column::RootColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(Column::RoutesColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Column::UrlColumn, QHeaderView::ResizeToContents);
    header->setHighlightSections(false);
    m_table->setColumnWidth(Column::AliasesColumn, 220);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
}

void SitesPage::buildLayout()
{
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_remove);
    buttons->addSpacing(12);
    buttons->addWidget(m_open);
    buttons->addWidget(m_openFolder);
    buttons->addStretch();

    auto *row = new QHBoxLayout;
    row->addWidget(m_table, 1);
    row->addLayout(buttons);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(m_servedBy);
    layout->addWidget(m_hint);
}

void SitesPage::connectActions()
{
    connect(m_add, &QPushButton::clicked, this, &SitesPage::addSite);
    connect(m_edit, &QPushButton::clicked, this, &SitesPage::editSelectedSite);
    connect(m_remove, &QPushButton::clicked, this, &SitesPage::removeSelectedSite);
    connect(m_open, &QPushButton::clicked, this, &SitesPage::openSelectedSite);
    connect(m_openFolder, &QPushButton::clicked, this, &SitesPage::openSelectedFolder);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SitesPage::updateButtons);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &SitesPage::updateServedBy);
    connect(m_table, &QTableView::doubleClicked, this, [this] { editSelectedSite(); });
    connect(&m_engine, &EngineController::runningChanged, this, &SitesPage::updateButtons);
    connect(&m_engine, &EngineController::runningChanged, this, &SitesPage::updateUrls);
    connect(&m_engine, &EngineController::sitesEditedRemotely, this, [this] {
        refresh();
        emit sitesChanged();
    });
}

const QList<model::VirtualHost> &SitesPage::sites() const
{
    return m_model->sites();
}

void SitesPage::setPhpVersions(const QHash<QString, QString> &versions)
{
    m_model->setPhpVersions(versions);
}

void SitesPage::refresh()
{
    const qint64 selectedId = selectedIndex() >= 0 ? sites().at(selectedIndex()).id : 0;
    m_model->setSites(m_database.virtualHosts());
    const int row = m_model->rowOf(selectedId);
    if (row >= 0)
        m_table->selectRow(row);
    else if (!sites().isEmpty())
        m_table->selectRow(0);
    updateUrls();
    updateButtons();
}

void SitesPage::updateUrls()
{
    QList<SiteTableModel::Url> urls;
    for (const model::VirtualHost &site : sites()) {
        QString curl;
        urls.append(m_engine.isRunning()
                ? SiteTableModel::Url { siteUrl(site).toString(), servedBy(site, &curl) }
                : SiteTableModel::Url { u"–"_s, tr("The engine is stopped") });
    }
    m_model->setUrls(urls);
    updateServedBy();
}

void SitesPage::updateServedBy()
{
    const int index = selectedIndex();
    QString curl;
    const QString served
        = index >= 0 && m_engine.isRunning() ? servedBy(sites().at(index), &curl) : QString();
    m_servedBy->setText(served.isEmpty() ? QString() : tr("%1 Try: %2").arg(served, curl));
    m_servedBy->setVisible(!served.isEmpty());
}

QString SitesPage::servedBy(const model::VirtualHost &site, QString *curl) const
{
    const TargetResolver target = TargetResolver::resolve(
        siteUrl(site).toString(), sites(), m_engine.listenAddress(), m_engine.port());
    if (target.hostOverride.isEmpty()) {
        *curl = u"curl %1"_s.arg(target.url);
        return tr("Served at %1.").arg(target.url);
    }
    if (site.isDefault) {
        // Unknown names reach it too, so the engine's address alone will do.
        *curl = u"curl %1"_s.arg(target.url);
        return tr("Served by %1 with “Host: %2”; as the default site it also answers at %3.")
            .arg(QUrl(target.url).authority(), target.hostOverride, target.url);
    }
    // Host names are validated (letters, digits, dots, dashes): quoting is safe.
    *curl = u"curl -H 'Host: %1' %2"_s.arg(target.hostOverride, target.url);
    const QUrl browser = browserUrl(site);
    if (browser.host().endsWith(u".localhost"_s))
        return tr("Served by %1 with “Host: %2”; a browser on this computer reaches it at %3 "
                  "(names under .localhost lead here).")
            .arg(QUrl(target.url).authority(), target.hostOverride, browser.toString());
    return tr("Served by %1 with “Host: %2”; a browser reaches %3 only if the name resolves "
              "(a hosts entry such as “127.0.0.1 %3”).")
        .arg(QUrl(target.url).authority(), target.hostOverride, site.hostName);
}

QUrl SitesPage::siteUrl(const model::VirtualHost &site) const
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(site.hostName);
    url.setPort(m_engine.port());
    url.setPath(u"/"_s);
    return url;
}

SiteDialog *SitesPage::addSite()
{
    model::VirtualHost host;
    host.isDefault = sites().isEmpty();
    return openDialog(host);
}

SiteDialog *SitesPage::editSelectedSite()
{
    const int index = selectedIndex();
    return index >= 0 ? openDialog(sites().at(index)) : nullptr;
}

SiteDialog *SitesPage::openDialog(const model::VirtualHost &host)
{
    // open(), not exec(): the engine's timers go on, and tests drive the dialog.
    auto *dialog = new SiteDialog(host, sites(), storage::SiteEdits::dataFolder(m_database), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { save(dialog->host()); });
    dialog->open();
    return dialog;
}

void SitesPage::save(model::VirtualHost host)
{
    if (!m_database.saveVirtualHost(host)) {
        QMessageBox::warning(this, tr("Site Not Saved"),
            tr("The site %1 could not be saved:\n%2").arg(host.hostName, m_database.lastError()));
        return;
    }
    refresh();
    if (const int row = m_model->rowOf(host.id); row >= 0)
        m_table->selectRow(row);
    reloadEngine();
    emit sitesChanged();
}

void SitesPage::reloadEngine()
{
    QString error;
    if (m_engine.reloadSites(&error))
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Engine Not Reloaded"),
        tr("The change is stored, but the engine did not reload: %1\nIt still serves the previous "
           "configuration.")
            .arg(error),
        QMessageBox::Ok, this);
    box->setObjectName(u"sitesReloadFailed"_s);
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void SitesPage::removeSelectedSite()
{
    const int index = selectedIndex();
    if (index < 0 || sites().size() < 2 || sites().at(index).isDefault)
        return;
    const model::VirtualHost site = sites().at(index);
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove Site"),
        tr("Remove the site %1? Its files stay where they are.").arg(site.hostName), QMessageBox::Cancel,
        this);
    box->setObjectName(u"sitesRemoveConfirm"_s);
    QPushButton *remove = box->addButton(tr("Remove"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, id = site.id] {
        if (box->clickedButton() == remove)
            removeSite(id);
    });
    box->open();
}

void SitesPage::removeSite(qint64 id)
{
    if (!m_database.removeVirtualHost(id)) {
        QMessageBox::warning(this, tr("Site Not Removed"), m_database.lastError());
        return;
    }
    refresh();
    reloadEngine();
    emit sitesChanged();
}

void SitesPage::openSelectedSite()
{
    const int index = selectedIndex();
    if (index < 0 || !m_engine.isRunning())
        return;
    DesktopOpener::open(this, browserUrl(sites().at(index)));
}

void SitesPage::openSelectedFolder()
{
    const int index = selectedIndex();
    if (index >= 0)
        DesktopOpener::open(this, QUrl::fromLocalFile(sites().at(index).documentRoot));
}

QUrl SitesPage::browserUrl(const model::VirtualHost &site) const
{
    // A browser cannot send another Host header, but it resolves every name
    // under .localhost to loopback (RFC 6761 §6.3), and the engine serves
    // HOST.localhost as HOST (SiteTable): no hosts entry needed.
    const QHostAddress address(m_engine.listenAddress());
    const bool onLoopback = address.isLoopback() || address == QHostAddress(QHostAddress::AnyIPv4)
        || address == QHostAddress(QHostAddress::AnyIPv6);
    if (!onLoopback) {
        // Only the engine's own address reaches it; it answers as the default site.
        return site.isDefault ? QUrl(m_engine.url()) : siteUrl(site);
    }
    QString host = site.hostName;
    if (host != u"localhost"_s && !host.endsWith(u".localhost"_s))
        host += u".localhost"_s;
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(host);
    url.setPort(m_engine.port());
    url.setPath(u"/"_s);
    return url;
}

int SitesPage::selectedIndex() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return -1;
    const int row = rows.first().row();
    return row < sites().size() ? row : -1;
}

void SitesPage::updateButtons()
{
    const int index = selectedIndex();
    m_edit->setEnabled(index >= 0);
    // The engine needs one site at least, and one default site.
    const bool isDefault = index >= 0 && sites().at(index).isDefault;
    m_remove->setEnabled(index >= 0 && sites().size() > 1 && !isDefault);
    m_remove->setToolTip(isDefault
            ? tr("The default site cannot be removed: make another site the default first.")
            : QString());
    m_open->setEnabled(index >= 0 && m_engine.isRunning());
    m_openFolder->setEnabled(index >= 0);
    QString openTip = tr("Start the engine to open the site");
    if (index >= 0 && m_engine.isRunning())
        openTip = tr("Open %1 in the web browser").arg(browserUrl(sites().at(index)).toString());
    m_open->setToolTip(openTip);
}

} // namespace hostbench::ui
