#pragma once

#include <QColor>
#include <QPalette>

namespace hostbench::ui {

/*
 * Colours the palette has no role for (an error), derived from the
 * palette's own, so that they read on a light palette and on a dark one:
 * red blended with the palette's text for an error's text, and a little of
 * that red blended into the palette's base behind it. Only the hue is fixed
 * (Material red 600). Pure functions: any thread.
 */
class Tint final
{
public:
    // `amount` of the way from `from` to `to` (0 to 1), alpha included.
    static QColor blend(const QColor &from, const QColor &to, double amount);
    // An error's text: the palette's window text 80% of the way to red, so
    // dark red on a light palette (#b72e2a on black text) and light red on a dark one.
    static QColor errorText(const QPalette &palette);
    // Behind an error (a field that holds one, a note): the palette's base with a tenth of errorText().
    static QColor errorBase(const QPalette &palette);
    // The frame of a note on errorBase().
    static QColor errorFrame(const QPalette &palette);
};

} // namespace hostbench::ui
