#include "ui/ButtonTexts.h"

#include <QMessageBox>
#include <QPushButton>

namespace hostbench::ui {

QString ButtonTexts::text(QDialogButtonBox::StandardButton button)
{
    switch (button) {
    case QDialogButtonBox::Ok:
        return tr("OK");
    case QDialogButtonBox::Cancel:
        return tr("Cancel");
    case QDialogButtonBox::Close:
        return tr("Close");
    case QDialogButtonBox::Yes:
        return tr("&Yes");
    case QDialogButtonBox::No:
        return tr("&No");
    case QDialogButtonBox::Save:
        return tr("Save");
    case QDialogButtonBox::Discard:
        return tr("Discard");
    case QDialogButtonBox::Apply:
        return tr("Apply");
    case QDialogButtonBox::Help:
        return tr("Help");
    default:
        return {};
    }
}

void ButtonTexts::translate(QDialogButtonBox *box)
{
    for (QAbstractButton *button : box->buttons()) {
        const QString label = text(box->standardButton(button));
        if (!label.isEmpty())
            button->setText(label);
    }
}

void ButtonTexts::translate(QMessageBox *box)
{
    for (QAbstractButton *button : box->buttons()) {
        // QMessageBox::StandardButton has QDialogButtonBox's values.
        const QString label = text(QDialogButtonBox::StandardButton(int(box->standardButton(button))));
        if (!label.isEmpty())
            button->setText(label);
    }
}

} // namespace hostbench::ui
