#include "ui/FieldError.h"

#include "ui/Tint.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QVBoxLayout>

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

void FieldError::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ParentChange)
        takeColours();
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
