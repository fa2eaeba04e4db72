#include "ui/RoutesEditor.h"

#include "ui/RouteTableModel.h"
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

RoutesEditor::RoutesEditor(QWidget *parent)
    : QWidget(parent)
    , m_model(new RouteTableModel(this))
    , m_table(new QTableView(this))
    , m_addButton(new QPushButton(tr("Add Route"), this))
    , m_removeButton(new QPushButton(tr("Remove Route"), this))
{
    m_table->setObjectName(u"routesTable"_s);
    m_addButton->setObjectName(u"routesAdd"_s);
    m_removeButton->setObjectName(u"routesRemove"_s);

    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(RouteTableModel::BodyColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setColumnWidth(RouteTableModel::PathColumn, 140);
    m_table->setColumnWidth(RouteTableModel::StatusColumn, 70);
    m_table->setColumnWidth(RouteTableModel::ContentTypeColumn, 150);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(120);
    m_table->setToolTip(tr("A request for exactly this path (GET or HEAD) is answered with this status, "
                           "content type and body; no file is read."));
    // The error's tint of the palette of the moment (this widget's: it
    // hears of a change before the table, which inherits it).
    m_model->setMarkColor(Tint::errorBase(palette()));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_addButton);
    buttons->addWidget(m_removeButton);
    buttons->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);

    connect(m_addButton, &QPushButton::clicked, this, &RoutesEditor::addRoute);
    connect(m_removeButton, &QPushButton::clicked, this, &RoutesEditor::removeSelectedRoute);
    connect(m_model, &RouteTableModel::edited, this, &RoutesEditor::changed);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &RoutesEditor::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RoutesEditor::updateButtons);
    updateButtons();
}

void RoutesEditor::setRoutes(const QList<model::Route> &routes)
{
    m_model->setRoutes(routes);
    updateButtons();
}

QList<model::Route> RoutesEditor::routes() const
{
    return m_model->routes();
}

void RoutesEditor::markRow(int row)
{
    m_model->markRow(row);
}

void RoutesEditor::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_model->setMarkColor(Tint::errorBase(palette()));
}

void RoutesEditor::addRoute()
{
    model::Route route;
    route.path = u"/hello"_s;
    route.body = "hello";
    const QModelIndex path = m_model->index(m_model->appendRoute(route), RouteTableModel::PathColumn);
    m_table->setCurrentIndex(path);
    m_table->edit(path);
    emit changed();
}

void RoutesEditor::removeSelectedRoute()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    m_model->removeRoute(current.row());
    updateButtons();
    emit changed();
}

void RoutesEditor::updateButtons()
{
    m_removeButton->setEnabled(m_table->currentIndex().isValid());
}

} // namespace hostbench::ui
