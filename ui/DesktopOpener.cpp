#include "ui/DesktopOpener.h"

#include "ui/ButtonTexts.h"

#include <QDesktopServices>
#include <QDir>
#include <QMessageBox>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
DesktopOpener::Opener &opener()
{
    static DesktopOpener::Opener instance;
    return instance;
}
} // namespace

bool DesktopOpener::open(QWidget *parent, const QUrl &url)
{
    const Opener &custom = opener();
    if (custom ? custom(url) : QDesktopServices::openUrl(url))
        return true;
    const bool folder = url.isLocalFile();
    const QString where = folder ? QDir::toNativeSeparators(url.toLocalFile()) : url.toString();
    auto *box = new QMessageBox(QMessageBox::Warning, folder ? tr("No File Manager") : tr("No Web Browser"),
        folder ? tr("No file manager could be started to show this folder:")
               : tr("No web browser could be started to open this address:"),
        QMessageBox::Ok, parent);
    box->setObjectName(u"openUrlFailed"_s);
    box->setInformativeText(where);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setDetailedText({});
    ButtonTexts::translate(box);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
    return false;
}

void DesktopOpener::setOpener(Opener custom)
{
    opener() = std::move(custom);
}

} // namespace hostbench::ui
