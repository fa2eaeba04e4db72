#include "ui/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

void Translations::install(QCoreApplication &app)
{
    const QLocale locale;
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;

    // Without a translation for the locale the strings stay English, and
    // then English's plural forms ("1 run", "2 runs") are the right ones.
    auto *hostbench = new QTranslator(&app);
    if (hostbench->load(locale, u"hostbench"_s, u"_"_s, u":/i18n"_s)
        || hostbench->load(u"hostbench_en"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(hostbench);
    else
        delete hostbench;
}

} // namespace hostbench::ui
