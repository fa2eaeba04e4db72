#include "ui/ProxyRoutesEditor.h"

#include "ui/ProxyRouteTableModel.h"
#include "ui/Tint.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

model::ProxyRoute ProxyRoutesEditor::firstRoute()
{
    return { u"/"_s, u"http://127.0.0.1:3000"_s };
}

ProxyRoutesEditor::ProxyRoutesEditor(QWidget *parent)
    : QWidget(parent)
    , m_model(new ProxyRouteTableModel(this))
    , m_table(new QTableView(this))
    , m_addButton(new QPushButton(tr("Add Path"), this))
    , m_removeButton(new QPushButton(tr("Remove Path"), this))
{
    m_table->setObjectName(u"proxyRoutesTable"_s);
    m_addButton->setObjectName(u"proxyRoutesAdd"_s);
    m_removeButton->setObjectName(u"proxyRoutesRemove"_s);

    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(
        ProxyRouteTableModel::UpstreamColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setColumnWidth(ProxyRouteTableModel::PrefixColumn, 160);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(90);
    m_table->setToolTip(tr("Requests for this path and below (whole segments; / is the whole site) go to "
                           "the app at http://HOST:PORT[/PATH] or unix:/path/to.sock."));
    m_model->setMarkColor(Tint::errorBase(palette()));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_addButton);
    buttons->addWidget(m_removeButton);
    buttons->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);

    connect(m_addButton, &QPushButton::clicked, this, &ProxyRoutesEditor::addRoute);
    connect(m_removeButton, &QPushButton::clicked, this, &ProxyRoutesEditor::removeSelectedRoute);
    connect(m_model, &ProxyRouteTableModel::edited, this, &ProxyRoutesEditor::changed);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
        &ProxyRoutesEditor::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ProxyRoutesEditor::updateButtons);
    updateButtons();
}

void ProxyRoutesEditor::setRoutes(const QList<model::ProxyRoute> &routes)
{
    m_model->setRoutes(routes);
    updateButtons();
}

QList<model::ProxyRoute> ProxyRoutesEditor::routes() const
{
    return m_model->routes();
}

void ProxyRoutesEditor::markRow(int row)
{
    m_model->markRow(row);
}

void ProxyRoutesEditor::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_model->setMarkColor(Tint::errorBase(palette()));
}

void ProxyRoutesEditor::addRoute()
{
    model::ProxyRoute route = firstRoute();
    if (m_model->rowCount() > 0)
        route.pathPrefix = u"/api"_s;
    const QModelIndex prefix
        = m_model->index(m_model->appendRoute(route), ProxyRouteTableModel::PrefixColumn);
    m_table->setCurrentIndex(prefix);
    m_table->edit(prefix);
    emit changed();
}

void ProxyRoutesEditor::removeSelectedRoute()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    m_model->removeRoute(current.row());
    updateButtons();
    emit changed();
}

void ProxyRoutesEditor::updateButtons()
{
    m_removeButton->setEnabled(m_table->currentIndex().isValid());
}

} // namespace hostbench::ui
