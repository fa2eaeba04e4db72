#pragma once

#include <QIcon>

namespace hostbench::ui {

/*
 * Hostbench's application icon: resources/icons/hostbench.svg
 * (:/hostbench/icons/hostbench.svg, from hostbench_icon_resources) where Qt
 * can draw SVG, else the PNG renditions compiled into this library. Without
 * Debian's libqt6svg6 Qt has no SVG plugin, and an SVG-only QIcon would
 * draw nothing. GUI thread.
 */
class AppIcon final
{
public:
    static QIcon icon();
};

} // namespace hostbench::ui
