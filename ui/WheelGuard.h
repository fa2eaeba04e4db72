#pragma once

#include <QObject>

class QWidget;

namespace hostbench::ui {

/*
 * Keeps the mouse wheel for scrolling in a form that sits in a scroll area:
 * its spin boxes and combo boxes take the wheel only once they have the
 * focus (a click or Tab gives it; the wheel itself does not, Qt::StrongFocus).
 * Over an unfocused one the wheel goes on to the scroll area, which scrolls,
 * instead of changing the value under the pointer ("Model" flipping to Open,
 * "Rounds" 3 to 4 while the user scrolls the page).
 *
 * guard(form) applies it to every QAbstractSpinBox and QComboBox under
 * `form` at the time of the call; call it again for fields added later (a
 * field is guarded once however often). The filter is a child of `form`.
 * Thread: GUI thread.
 */
class WheelGuard final : public QObject
{
    Q_OBJECT

public:
    static void guard(QWidget *form);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit WheelGuard(QObject *parent);
};

} // namespace hostbench::ui
