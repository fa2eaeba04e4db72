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
 * code of languages()) or, when that is empty or unknown, the default
 * locale's (the system's). A chosen language also sets QLocale::setDefault(),
 * so that numbers and dates (QLocale(), spin boxes, charts) follow it: the
 * system locale where that is of the same language (de_AT stays de_AT),
 * else the language's own (de: de_DE). Without a choice the default locale
 * stays as it is. Qt's texts (standard buttons, the file dialog) need
 * qtbase_xx.qm in QLibraryInfo::TranslationsPath (Debian:
 * qt6-translations-l10n); without it they stay English, and ButtonTexts
 * covers the standard buttons. A missing language falls back to the
 * English source strings.
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
