#include "ui/WheelGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

WheelGuard::WheelGuard(QObject *parent)
    : QObject(parent)
{
    setObjectName(u"wheelGuard"_s);
}

void WheelGuard::guard(QWidget *form)
{
    auto *filter = form->findChild<WheelGuard *>(u"wheelGuard"_s, Qt::FindDirectChildrenOnly);
    if (!filter)
        filter = new WheelGuard(form);
    QList<QWidget *> fields;
    for (QAbstractSpinBox *box : form->findChildren<QAbstractSpinBox *>())
        fields.append(box);
    for (QComboBox *box : form->findChildren<QComboBox *>())
        fields.append(box);
    for (QWidget *field : fields) {
        if (field->property("hostbenchWheelGuard").toBool())
            continue;
        field->setProperty("hostbenchWheelGuard", true);
        field->setFocusPolicy(Qt::StrongFocus); // not Qt::WheelFocus: the wheel gives no focus
        field->installEventFilter(filter);
    }
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *field = qobject_cast<QWidget *>(watched);
        if (field && !field->hasFocus()) {
            // Not accepted, and kept from the field: QApplication passes the
            // wheel on to the parents, up to the scroll area's viewport.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace hostbench::ui
