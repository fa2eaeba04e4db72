#pragma once

#include <QCoreApplication>
#include <QDialogButtonBox>

class QMessageBox;

namespace hostbench::ui {

/*
 * Our own texts for Qt's standard buttons (OK, Cancel, Close, Yes, No...).
 * Qt's texts come from qtbase_xx.qm in Qt's translations folder, which a
 * system may lack (Debian ships it in qt6-translations-l10n, not pulled in
 * by the libraries): then a German dialog says "Cancel". These texts are in
 * hostbench_xx.ts like every other, so they follow the Language setting.
 * Every QDialogButtonBox and QMessageBox with standard buttons goes through
 * translate() once its buttons are added; the static QMessageBox::warning()
 * and about() show only OK, which is OK in every language we ship.
 * tst_uidefects looks for Qt's English texts on every dialog. GUI thread.
 */
class ButtonTexts final
{
    Q_DECLARE_TR_FUNCTIONS(ButtonTexts)

public:
    // The text for `button`, translated; empty for a button we have none for.
    static QString text(QDialogButtonBox::StandardButton button);
    // Gives each standard button of the box our text.
    static void translate(QDialogButtonBox *box);
    static void translate(QMessageBox *box);
};

} // namespace hostbench::ui
