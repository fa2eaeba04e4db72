#pragma once

class QCoreApplication;

namespace hostbench::ui {

/*
 * Installs the translators for the system locale: Qt's own (qtbase_xx from
 * Qt's translations folder) and Hostbench's (hostbench_xx.qm, compiled into
 * the executable under :/i18n by translations/CMakeLists.txt). A missing
 * language falls back to the English source strings. GUI thread, before
 * any widget is created.
 */
class Translations final
{
public:
    static void install(QCoreApplication &app);
};

} // namespace hostbench::ui
