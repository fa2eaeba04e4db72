#include "ui/Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
// The objectName of the translators install() made, so that a second call finds them.
constexpr auto kTranslatorName = "hostbenchTranslator";

// The formats for a chosen language: the system's where it is of that
// language (an Austrian desktop choosing Deutsch keeps its dates), else the
// language's own (de: de_DE, pt_BR: pt_BR).
QLocale formatsFor(const QString &code)
{
    const QLocale chosen(code);
    const QLocale system = QLocale::system();
    const bool sameTerritory = !code.contains(u'_') || system.territory() == chosen.territory();
    return system.language() == chosen.language() && sameTerritory ? system : chosen;
}
} // namespace

QList<Translations::Language> Translations::languages()
{
    // Each name in its own language, as language choosers show them; not translated.
    return { { u"en"_s, u"English"_s }, { u"de"_s, u"Deutsch"_s }, { u"fr"_s, u"Français"_s },
        { u"pt_BR"_s, u"Português (Brasil)"_s } };
}

void Translations::install(QCoreApplication &app, const QString &language)
{
    const QList<QTranslator *> previous
        = app.findChildren<QTranslator *>(QLatin1StringView(kTranslatorName), Qt::FindDirectChildrenOnly);
    for (QTranslator *translator : previous) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }

    bool known = false;
    for (const Language &candidate : languages())
        known = known || candidate.code == language;
    const QLocale locale = known ? formatsFor(language) : QLocale();
    // Numbers and dates (QLocale(), the widgets' locale) in the chosen
    // language too, as Qt's own texts: a German window never shows "1,234.5".
    if (known)
        QLocale::setDefault(locale);

    auto *qt = new QTranslator(&app);
    qt->setObjectName(QLatin1StringView(kTranslatorName));
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;

    // Without a translation for the locale the strings stay English, and
    // then English's plural forms ("1 run", "2 runs") are the right ones.
    auto *hostbench = new QTranslator(&app);
    hostbench->setObjectName(QLatin1StringView(kTranslatorName));
    if (hostbench->load(locale, u"hostbench"_s, u"_"_s, u":/i18n"_s)
        || hostbench->load(u"hostbench_en"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(hostbench);
    else
        delete hostbench;
}

} // namespace hostbench::ui
