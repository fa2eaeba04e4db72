// What the GUI tests that check colours share: WCAG 2's contrast ratio
// (written out here, not taken from ui::Tint, which those tests check) and
// a dark palette as desktops ship them.
#pragma once

#include <QColor>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace hostbench::test {

// WCAG 2's relative luminance of an opaque colour, 0 to 1.
inline double luminance(const QColor &color)
{
    const auto linear
        = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

// WCAG 2's contrast ratio (1 to 21) of `front` drawn over `back`: a
// translucent front (Qt's placeholder text) is blended over back first.
inline double contrast(const QColor &front, const QColor &back)
{
    const double a = front.alphaF();
    const QColor seen = QColor::fromRgbF(float(front.redF() * a + back.redF() * (1 - a)),
        float(front.greenF() * a + back.greenF() * (1 - a)),
        float(front.blueF() * a + back.blueF() * (1 - a)));
    const double l1 = luminance(seen);
    const double l2 = luminance(back);
    return (std::max(l1, l2) + 0.05) / (std::min(l1, l2) + 0.05);
}

// A dark palette as desktops ship them (KDE's Breeze Dark, Qt's own
// examples); Mid and Midlight left as the light palette's, as some do.
inline QPalette darkPalette()
{
    QPalette dark;
    const QColor window(0x35, 0x35, 0x35);
    const QColor base(0x2a, 0x2a, 0x2a);
    for (const QPalette::ColorGroup group : { QPalette::Active, QPalette::Inactive, QPalette::Disabled }) {
        dark.setColor(group, QPalette::Window, window);
        dark.setColor(group, QPalette::Button, window);
        dark.setColor(group, QPalette::Base, base);
        dark.setColor(group, QPalette::AlternateBase, window);
        dark.setColor(group, QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        dark.setColor(group, QPalette::HighlightedText, Qt::white);
        dark.setColor(group, QPalette::Link, QColor(0x3d, 0xae, 0xe9));
        dark.setColor(group, QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
        dark.setColor(group, QPalette::ToolTipBase, base);
        dark.setColor(group, QPalette::ToolTipText, Qt::white);
        const QColor text = group == QPalette::Disabled ? QColor(0x80, 0x80, 0x80) : QColor(0xef, 0xf0, 0xf1);
        dark.setColor(group, QPalette::WindowText, text);
        dark.setColor(group, QPalette::Text, text);
        dark.setColor(group, QPalette::ButtonText, text);
    }
    return dark;
}

} // namespace hostbench::test
