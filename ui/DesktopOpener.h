#pragma once

#include <QCoreApplication>
#include <QUrl>

#include <functional>

class QWidget;

namespace hostbench::ui {

/*
 * Opens a web address in the desktop's browser or a folder in its file
 * manager (QDesktopServices::openUrl). When none can be started (openUrl
 * returns false: no browser, no xdg-open, a bare session) the user is told
 * in a window-modal message box (objectName "openUrlFailed", not exec():
 * the caller goes on) that names the address to open by hand, instead of
 * a line on stderr nobody reads. GUI thread.
 */
class DesktopOpener final
{
    Q_DECLARE_TR_FUNCTIONS(DesktopOpener)

public:
    using Opener = std::function<bool(const QUrl &)>;

    // True when the desktop took the URL; false after the message box is shown.
    static bool open(QWidget *parent, const QUrl &url);
    // What open() hands the URL to; null restores QDesktopServices::openUrl.
    // For tests, to see which URL would be opened and to make it fail.
    static void setOpener(Opener opener);
};

} // namespace hostbench::ui
