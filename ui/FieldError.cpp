#include "ui/FieldError.h"

#include "ui/Tint.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include <algorithm>

namespace hostbench::ui {

FieldError::FieldError(QWidget *field, QWidget *parent)
    : QLabel(parent)
    , m_field(field)
    , m_fieldPalette(field->palette())
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    // Red text, and red behind the field: readable, and not only a colour
    // (the message says what is wrong).
    takeColours();
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    setFont(small);
    // The line is kept while there is nothing to say: fields below an error
    // stay where they are, under the mouse, as the user types.
    setMinimumHeight(fontMetrics().lineSpacing());
    QSizePolicy policy = sizePolicy();
    policy.setRetainSizeWhenHidden(true);
    setSizePolicy(policy);
    setVisible(false);
}

void FieldError::setMessage(const QString &message)
{
    setText(message);
    setVisible(!message.isEmpty());
    if (!m_field)
        return;
    m_field->setProperty("fieldError", message.isEmpty() ? QVariant() : QVariant(message));
    if (message.isEmpty()) {
        m_field->setPalette(m_fieldPalette);
    } else {
        QPalette palette = m_fieldPalette;
        palette.setColor(QPalette::Base, Tint::errorBase(inherited(m_field)));
        m_field->setPalette(palette);
    }
    m_field->setToolTip(message);
}

void FieldError::setRoomFor(const QString &longest)
{
    m_roomFor = longest;
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    if (parentWidget())
        parentWidget()->installEventFilter(this);
    keepRoom();
}

void FieldError::keepRoom()
{
    // Under its field in a cell (cell()) it is as wide as the cell, whether
    // or not it is shown (a hidden label is not told its width): its height
    // is fixed to the room its longest message takes at that width.
    const QWidget *parent = parentWidget();
    // A cell not shown (on a tab not chosen) is laid out at no real width (a
    // page of a QTabWidget never shown stays 100 px wide): a room taken there
    // grew the tabs' minimum, and the window past 1024x700. It is taken when
    // the cell is shown (eventFilter()).
    if (m_roomFor.isEmpty() || !parent || parent->contentsRect().width() <= 0 || !parent->isVisible())
        return;
    const QMargins margins = contentsMargins();
    const QRect room = fontMetrics().boundingRect(
        QRect(0, 0, parent->contentsRect().width() - margins.left() - margins.right(), QWIDGETSIZE_MAX),
        Qt::TextWordWrap, m_roomFor);
    const int height
        = std::max(fontMetrics().lineSpacing(), room.height()) + margins.top() + margins.bottom();
    if (minimumHeight() != height || maximumHeight() != height)
        setFixedHeight(height);
}

bool FieldError::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        keepRoom();
    return QLabel::eventFilter(watched, event);
}

void FieldError::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ParentChange)
        takeColours();
    // In its cell now (cell()): the room follows the cell's width.
    if (event->type() == QEvent::ParentChange && !m_roomFor.isEmpty() && parentWidget()) {
        parentWidget()->installEventFilter(this);
        keepRoom();
    }
    // A link in the message (the document root's "Create it").
    if (event->type() == QEvent::PaletteChange)
        Tint::takeLinkColour(this);
}

QPalette FieldError::inherited(const QWidget *widget)
{
    return widget->parentWidget() ? widget->parentWidget()->palette() : QApplication::palette(widget);
}

void FieldError::takeColours()
{
    // Setting a palette sends another PaletteChange.
    if (m_takingColours)
        return;
    m_takingColours = true;
    QPalette palette = this->palette();
    palette.setColor(QPalette::WindowText, Tint::errorText(inherited(this)));
    setPalette(palette);
    if (m_field && hasError()) {
        QPalette fieldPalette = m_fieldPalette;
        fieldPalette.setColor(QPalette::Base, Tint::errorBase(inherited(m_field)));
        m_field->setPalette(fieldPalette);
    }
    m_takingColours = false;
}

QWidget *FieldError::cell(QWidget *field, FieldError *error, QWidget *extra)
{
    auto *cell = new QWidget;
    auto *layout = new QVBoxLayout(cell);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    if (extra) {
        auto *row = new QHBoxLayout;
        row->addWidget(field, 1);
        row->addWidget(extra);
        layout->addLayout(row);
    } else {
        layout->addWidget(field);
    }
    layout->addWidget(error);
    cell->setFocusProxy(field);
    return cell;
}

} // namespace hostbench::ui
