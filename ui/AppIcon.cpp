#include "ui/AppIcon.h"

#include <QFile>
#include <QImageReader>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

QIcon AppIcon::icon()
{
    const QString svg = u":/hostbench/icons/hostbench.svg"_s;
    if (QFile::exists(svg) && QImageReader::supportedImageFormats().contains("svg"))
        return QIcon(svg);

    QIcon icon;
    for (int size : { 16, 24, 32, 48, 64, 128, 256 })
        icon.addFile(u":/hostbench/ui/icons/hostbench-%1.png"_s.arg(size), QSize(size, size));
    return icon;
}

} // namespace hostbench::ui
