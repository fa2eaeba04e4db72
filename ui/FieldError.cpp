#include "ui/FieldError.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

namespace hostbench::ui {

namespace {
// Material red 800 on the text, red 50 behind the field: readable, and not
// only a colour (the message says what is wrong).
const QColor kErrorText(0xc6, 0x28, 0x28);
const QColor kErrorBase(0xff, 0xeb, 0xee);
} // namespace

FieldError::FieldError(QWidget *field, QWidget *parent)
    : QLabel(parent)
    , m_field(field)
    , m_fieldPalette(field->palette())
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    QPalette palette = this->palette();
    palette.setColor(QPalette::WindowText, kErrorText);
    setPalette(palette);
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
        palette.setColor(QPalette::Base, kErrorBase);
        m_field->setPalette(palette);
    }
    m_field->setToolTip(message);
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
