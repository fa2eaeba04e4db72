// Pictures of what the GUI tests bring about, for the README (docs/screenshots,
// made by tests/screenshots.sh) and for review. With HOSTBENCH_SCREENSHOTS=DIR
// set, save() writes DIR/NAME.png; unset, it does nothing and costs nothing.
// A picture is never checked: the tests' assertions are.
// Call from the GUI thread, with the widget shown.
#pragma once

#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QPixmap>
#include <QString>
#include <QWidget>

namespace hostbench::test::Screenshots {

// The folder asked for, or empty.
inline QString folder()
{
    return qEnvironmentVariable("HOSTBENCH_SCREENSHOTS");
}

// True when pictures are asked for: a test can skip setting one up otherwise.
inline bool wanted()
{
    return !folder().isEmpty();
}

// Writes `picture` as DIR/NAME.png. Returns false only when asked for and not written.
inline bool save(const QPixmap &picture, const QString &name)
{
    if (!wanted())
        return true;
    if (!QDir().mkpath(folder()))
        return false;
    const QString file = QDir(folder()).filePath(name + QStringLiteral(".png"));
    if (!picture.save(file)) {
        qWarning("screenshot %s not written", qPrintable(file));
        return false;
    }
    return true;
}

// Writes `widget` as shown (QWidget::grab, its pending layout done first) as DIR/NAME.png.
inline bool save(QWidget *widget, const QString &name)
{
    if (!wanted())
        return true;
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    return save(widget->grab(), name);
}

} // namespace hostbench::test::Screenshots
