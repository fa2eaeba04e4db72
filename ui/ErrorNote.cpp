#include "ui/ErrorNote.h"

#include "ui/Tint.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace hostbench::ui {

ErrorNote::ErrorNote(QWidget *parent, Kind kind)
    : QLabel(parent)
    , m_kind(kind)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A 1 px frame, 6 px of room inside it and, as a framed label's indent, 3 px more beside the text.
    setContentsMargins(10, 7, 10, 7);
    takeColours();
    setVisible(false);
}

void ErrorNote::setMessage(const QString &message)
{
    setText(message);
    setVisible(!message.isEmpty());
}

void ErrorNote::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ParentChange)
        takeColours();
}

void ErrorNote::takeColours()
{
    // Setting the palette sends another PaletteChange.
    if (m_takingColours)
        return;
    m_takingColours = true;
    // The inherited palette: this note's own has its text and background set.
    const QPalette inherited = parentWidget() ? parentWidget()->palette() : QApplication::palette(this);
    QPalette palette = this->palette();
    const bool error = m_kind == Kind::Error;
    palette.setColor(QPalette::WindowText, error ? Tint::errorText(inherited) : Tint::warningText(inherited));
    palette.setColor(QPalette::Window, error ? Tint::errorBase(inherited) : Tint::warningBase(inherited));
    m_frame = error ? Tint::errorFrame(inherited) : Tint::warningFrame(inherited);
    setPalette(palette);
    m_takingColours = false;
}

void ErrorNote::paintEvent(QPaintEvent *event)
{
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(m_frame);
        painter.setBrush(palette().color(QPalette::Window));
        painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    }
    QLabel::paintEvent(event);
}

} // namespace hostbench::ui
