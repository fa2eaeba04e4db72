#include "ui/RoutesEditor.h"

#include "ui/Tint.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
enum Column { PathColumn, StatusColumn, ContentTypeColumn, BodyColumn, ColumnCount };
} // namespace

RoutesEditor::RoutesEditor(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_addButton(new QPushButton(tr("Add Route"), this))
    , m_removeButton(new QPushButton(tr("Remove Route"), this))
{
    m_table->setObjectName(u"routesTable"_s);
    m_addButton->setObjectName(u"routesAdd"_s);
    m_removeButton->setObjectName(u"routesRemove"_s);

    m_table->setHorizontalHeaderLabels({ tr("Path"), tr("Status"), tr("Content Type"), tr("Body") });
    m_table->horizontalHeader()->setSectionResizeMode(BodyColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setColumnWidth(PathColumn, 140);
    m_table->setColumnWidth(StatusColumn, 70);
    m_table->setColumnWidth(ContentTypeColumn, 150);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setMinimumHeight(120);
    m_table->setToolTip(tr("A request for exactly this path (GET or HEAD) is answered with this status, "
                           "content type and body; no file is read."));

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
    connect(m_table, &QTableWidget::itemChanged, this, &RoutesEditor::changed);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RoutesEditor::updateButtons);
    updateButtons();
}

void RoutesEditor::setRoutes(const QList<model::Route> &routes)
{
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(0);
    m_markedRow = -1;
    for (const model::Route &route : routes)
        appendRow(route);
    updateButtons();
}

QList<model::Route> RoutesEditor::routes() const
{
    QList<model::Route> result;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        model::Route route;
        route.path = m_table->item(row, PathColumn)->text().trimmed();
        route.status = m_table->item(row, StatusColumn)->data(Qt::EditRole).toInt();
        route.contentType = m_table->item(row, ContentTypeColumn)->text().trimmed();
        route.body = m_table->item(row, BodyColumn)->text().toUtf8();
        result.append(route);
    }
    return result;
}

void RoutesEditor::markRow(int row)
{
    if (row == m_markedRow)
        return;
    const QSignalBlocker blocker(m_table);
    const int unmarked = m_markedRow;
    m_markedRow = row;
    tintRow(unmarked);
    tintRow(row);
}

void RoutesEditor::tintRow(int row)
{
    if (row < 0 || row >= m_table->rowCount())
        return;
    // The error's tint of the palette of the moment (this widget's: it
    // hears of a change before the table, which inherits it); none, the
    // view's own rows.
    const QBrush brush = row == m_markedRow ? QBrush(Tint::errorBase(palette())) : QBrush();
    for (int column = 0; column < ColumnCount; ++column)
        m_table->item(row, column)->setBackground(brush);
}

void RoutesEditor::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        const QSignalBlocker blocker(m_table);
        tintRow(m_markedRow);
    }
}

void RoutesEditor::addRoute()
{
    model::Route route;
    route.path = u"/hello"_s;
    route.body = "hello";
    appendRow(route);
    const int row = m_table->rowCount() - 1;
    m_table->setCurrentCell(row, PathColumn);
    m_table->editItem(m_table->item(row, PathColumn));
    emit changed();
}

void RoutesEditor::removeSelectedRoute()
{
    const int row = m_table->currentRow();
    if (row < 0)
        return;
    if (row == m_markedRow)
        m_markedRow = -1;
    else if (row < m_markedRow)
        --m_markedRow;
    m_table->removeRow(row);
    updateButtons();
    emit changed();
}

void RoutesEditor::appendRow(const model::Route &route)
{
    const QSignalBlocker blocker(m_table);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, PathColumn, new QTableWidgetItem(route.path));
    auto *status = new QTableWidgetItem;
    status->setData(Qt::EditRole, route.status); // an int: the view edits it with a spin box
    m_table->setItem(row, StatusColumn, status);
    m_table->setItem(row, ContentTypeColumn, new QTableWidgetItem(route.contentType));
    m_table->setItem(row, BodyColumn, new QTableWidgetItem(QString::fromUtf8(route.body)));
}

void RoutesEditor::updateButtons()
{
    m_removeButton->setEnabled(m_table->currentRow() >= 0);
}

} // namespace hostbench::ui
