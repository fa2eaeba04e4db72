#include "ui/Tint.h"

#include <algorithm>

namespace hostbench::ui {

namespace {
const QColor kRed(0xe5, 0x39, 0x35); // Material red 600: the hue, not the colour shown
} // namespace

QColor Tint::blend(const QColor &from, const QColor &to, double amount)
{
    const double t = std::clamp(amount, 0.0, 1.0);
    const auto mix = [t](float a, float b) { return float(a + (b - a) * t); };
    const QColor a = from.toRgb();
    const QColor b = to.toRgb();
    return QColor::fromRgbF(mix(a.redF(), b.redF()), mix(a.greenF(), b.greenF()), mix(a.blueF(), b.blueF()),
        mix(a.alphaF(), b.alphaF()));
}

QColor Tint::errorText(const QPalette &palette)
{
    return blend(palette.color(QPalette::WindowText), kRed, 0.8);
}

QColor Tint::errorBase(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), errorText(palette), 0.1);
}

QColor Tint::errorFrame(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), errorText(palette), 0.3);
}

} // namespace hostbench::ui
