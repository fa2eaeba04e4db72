#include "ui/Tint.h"

#include <QLabel>

#include <algorithm>
#include <cmath>

namespace hostbench::ui {

namespace {
const QColor kRed(0xe5, 0x39, 0x35); // Material red 600: the hue, not the colour shown
const QColor kAmber(0xef, 0x6c, 0x00); // Material orange 800

constexpr double kTextContrast = 4.5; // WCAG 2, level AA, normal text
constexpr double kGraphicContrast = 3.0; // WCAG 2.1, non-text contrast

double luminance(const QColor &color)
{
    const auto linear
        = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const QColor rgb = color.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

// The window text moved toward `hue`, 80% of the way at most and no
// further than keeps 4.5:1 on the window, the base, and the base with a
// tenth of the text behind a note: a palette whose text is light (a dark
// one) takes less of the hue.
QColor tintedText(const QPalette &palette, const QColor &hue)
{
    const QColor text = palette.color(QPalette::WindowText);
    const QColor window = palette.color(QPalette::Window);
    const QColor base = palette.color(QPalette::Base);
    for (int step = 16; step > 0; --step) {
        const QColor candidate = Tint::blend(text, hue, step * 0.05);
        const QColor noteBase = Tint::blend(base, candidate, 0.1);
        if (Tint::contrast(candidate, window) >= kTextContrast
            && Tint::contrast(candidate, base) >= kTextContrast
            && Tint::contrast(candidate, noteBase) >= kTextContrast)
            return candidate;
    }
    return text;
}

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

double Tint::contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Tint::errorText(const QPalette &palette)
{
    return tintedText(palette, kRed);
}

QColor Tint::errorBase(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), errorText(palette), 0.1);
}

QColor Tint::errorFrame(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), errorText(palette), 0.3);
}

QColor Tint::warningText(const QPalette &palette)
{
    return tintedText(palette, kAmber);
}

QColor Tint::warningBase(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), warningText(palette), 0.1);
}

QColor Tint::warningFrame(const QPalette &palette)
{
    return blend(palette.color(QPalette::Base), warningText(palette), 0.3);
}

QColor Tint::graphic(const QColor &hue, const QColor &background, const QColor &ink)
{
    QColor opaque = hue.toRgb();
    opaque.setAlpha(255);
    QColor shown = opaque;
    for (int step = 1; step <= 20 && contrast(shown, background) < kGraphicContrast; ++step)
        shown = blend(opaque, ink, step * 0.05);
    shown.setAlpha(hue.alpha());
    return shown;
}

void Tint::takeLinkColour(QLabel *label)
{
    const QString text = label->text();
    if (label->textFormat() == Qt::PlainText || !text.contains(QLatin1String("<a ")))
        return;
    // The same text is not parsed again.
    label->clear();
    label->setText(text);
}

} // namespace hostbench::ui
