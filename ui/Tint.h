#pragma once

#include <QColor>
#include <QPalette>

class QLabel;

namespace hostbench::ui {

/*
 * Colours the palette has no role for (an error, a warning, a chart's
 * lines), derived from the palette's own, so that they read on a light
 * palette and on a dark one. Only hues are fixed (Material red 600 for an
 * error, orange 800 for a warning); how far a text moves toward its hue is
 * the most that keeps WCAG 2's 4.5:1 contrast for text on what is behind it.
 * Pure functions: any thread, but takeLinkColour().
 */
class Tint final
{
public:
    // `amount` of the way from `from` to `to` (0 to 1), alpha included.
    static QColor blend(const QColor &from, const QColor &to, double amount);
    // WCAG 2's contrast ratio of two opaque colours, 1 to 21.
    static double contrast(const QColor &a, const QColor &b);

    // An error's text: the palette's window text up to 80% of the way to red
    // (dark red on a light palette, #b72e2a on black text; light red on a
    // dark one), with 4.5:1 on the window, the base and errorBase().
    static QColor errorText(const QPalette &palette);
    // Behind an error (a field that holds one, a note): the palette's base with a tenth of errorText().
    static QColor errorBase(const QPalette &palette);
    // The frame of a note on errorBase().
    static QColor errorFrame(const QPalette &palette);

    // A warning's text (served, but not as asked): as errorText(), toward amber.
    static QColor warningText(const QPalette &palette);
    // Behind a warning note: the palette's base with a tenth of warningText().
    static QColor warningBase(const QPalette &palette);
    // The frame of a note on warningBase().
    static QColor warningFrame(const QPalette &palette);

    // A line or bar of `hue` drawn on `background`: `hue` itself where it
    // stands out by 3:1 (WCAG 2.1's floor for graphics), otherwise moved
    // toward `ink` (the text drawn on that background) as little as that
    // takes. The alpha of `hue` is kept.
    static QColor graphic(const QColor &hue, const QColor &background, const QColor &ink);

    // Qt colours the links of a rich text once, as it parses the text, in
    // the application palette of that moment: parses `label`'s text again,
    // if it has a link, so that they take the palette's link colour after a
    // PaletteChange. GUI thread.
    static void takeLinkColour(QLabel *label);
};

} // namespace hostbench::ui
