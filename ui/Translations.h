#pragma once

#include <QList>
#include <QString>

class QCoreApplication;

namespace hostbench::ui {

/*
 * Installs the translators for the user's language: Qt's own (qtbase_xx from
 * Qt's translations folder) and Hostbench's (hostbench_xx.qm, compiled into
 * the executable under :/i18n by translations/CMakeLists.txt).
 *
 * The language is the one chosen in the window (AppSettings::language(), a
 * code of languages()) or, when that is empty or unknown, the system
 * locale's. Only the texts change: numbers and dates keep the system
 * locale's format. A missing language falls back to the English source
 * strings.
 *
 * GUI thread, before any widget is created. Calling install() again replaces
 * the translators of the previous call (main() installs the system's first,
 * then the data folder's choice once it is open).
 */
class Translations final
{
public:
    struct Language
    {
        QString code; // "de", "pt_BR": the suffix of hostbench_xx.qm
        QString nativeName; // in the language itself: "Deutsch", "Português (Brasil)"
    };

    // The languages Hostbench is translated into, English (the source) first.
    static QList<Language> languages();

    // `language`: a code of languages(), or empty for the system locale's.
    static void install(QCoreApplication &app, const QString &language = {});
};

} // namespace hostbench::ui
