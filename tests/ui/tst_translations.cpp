// The shipped translations and the language setting.
//
// Every translations/hostbench_*.ts (read from $HOSTBENCH_SOURCE_DIR, which
// CTest sets) must be complete and consistent:
//   - no entry is unfinished, vanished or obsolete, none is empty, the plural
//     forms (numerusform) are as many as the language has in Qt, and every
//     language but English (plural forms only) holds the same messages;
//   - a translation keeps its source's placeholders (%1..%9, %n, %L1), each as
//     often, and its HTML tags;
//   - a source with an accelerator (&X; "&&" is a literal ampersand) has exactly
//     one in its translation, and a source without has none;
//   - no two texts of one accelerator group share a key, in English (the
//     sources) and in every translation;
//   - each language keeps its glossary (translations/glossary.txt): one word
//     per idea, e.g. German "Site", never "Website" beside it (issue #20).
//
// The accelerator group: the .ts context (the class: one page, dialog or
// window) and the message's disambiguation (tr()'s second argument). A class
// whose texts sit on surfaces that are never active together gives each
// surface its own disambiguation: MainWindow's menu titles are "menu bar",
// its items "File menu", "Engine menu"... (&Start in the Engine menu and
// &Sites in the View menu may share S; &File and &Engine in the bar may not).
// A tab page of a dialog is its own class (SiteAdvancedPage in SiteDialog), so
// is a page of the main window; clashes between a page and the main window's
// menu bar (Alt+H for both &Help and a page's &Header) are not checked.
//
// The language setting: AppSettings::language() chosen on the Server page is
// what Translations::install() uses at the next start, over the system's.
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDate>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QMap>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <optional>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment; // the disambiguation
    bool numerus = false;
    QString type; // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or the plural forms
};

struct TsFile
{
    QString code; // from the file name: "de", "pt_BR"
    QString language; // the TS element's language attribute
    QList<Message> messages;
};

// The number of plural forms Qt's lrelease uses for the languages we ship.
const QMap<QString, int> kPluralForms = { { u"en"_s, 2 }, { u"de"_s, 2 }, { u"fr"_s, 2 }, { u"pt_BR"_s, 2 } };

// "hostbench::ui::MainWindow «&Start» (Engine menu)": names a message in failures.
QString where(const Message &m)
{
    return m.context + u" «"_s + m.source + u"»"_s
        + (m.comment.isEmpty() ? QString() : u" ("_s + m.comment + u")"_s);
}

std::optional<TsFile> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return std::nullopt;
    }
    TsFile ts;
    ts.code = QFileInfo(path).completeBaseName().section(u'_', 1);
    QXmlStreamReader xml(&file);
    QString context;
    while (xml.readNextStartElement()) {
        const auto name = xml.name();
        if (name == u"TS"_s) {
            ts.language = xml.attributes().value(u"language"_s).toString();
            continue; // into its children
        }
        if (name == u"context"_s) {
            while (xml.readNextStartElement()) {
                if (xml.name() == u"name"_s) {
                    context = xml.readElementText();
                } else if (xml.name() == u"message"_s) {
                    Message m;
                    m.context = context;
                    m.numerus = xml.attributes().value(u"numerus"_s) == u"yes"_s;
                    while (xml.readNextStartElement()) {
                        if (xml.name() == u"source"_s) {
                            m.source = xml.readElementText();
                        } else if (xml.name() == u"comment"_s) {
                            m.comment = xml.readElementText();
                        } else if (xml.name() == u"translation"_s) {
                            m.type = xml.attributes().value(u"type"_s).toString();
                            if (m.numerus) {
                                while (xml.readNextStartElement()) {
                                    if (xml.name() == u"numerusform"_s)
                                        m.translations.append(xml.readElementText());
                                    else
                                        xml.skipCurrentElement();
                                }
                            } else {
                                m.translations.append(xml.readElementText());
                            }
                        } else {
                            xml.skipCurrentElement(); // locations, translator comments
                        }
                    }
                    ts.messages.append(m);
                } else {
                    xml.skipCurrentElement();
                }
            }
            continue;
        }
        xml.skipCurrentElement();
    }
    if (xml.hasError()) {
        *error = u"line %1: %2"_s.arg(xml.lineNumber()).arg(xml.errorString());
        return std::nullopt;
    }
    return ts;
}

// %1..%9, %n and their %L forms, in order of appearance, sorted: a multiset.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(u"%L?([1-9]|n)"_s);
    QStringList found;
    for (const QRegularExpressionMatch &match : re.globalMatch(text))
        found.append(match.captured(1));
    found.sort();
    return found;
}

QStringList htmlTags(const QString &text)
{
    static const QRegularExpression re(u"</?([a-zA-Z][a-zA-Z0-9]*)\\b[^<>]*>"_s);
    QStringList found;
    for (const QRegularExpressionMatch &match : re.globalMatch(text))
        found.append(match.captured(0).startsWith(u"</"_s) ? u"/"_s + match.captured(1) : match.captured(1));
    found.sort();
    return found;
}

// The accelerator keys of a text, upper case: "S&top" -> {"T"}; "&&" is a
// literal ampersand and "&amp;"-like entities of rich text are no keys.
QStringList accelerators(const QString &text)
{
    static const QRegularExpression entity(u"&(#[0-9]+|[a-zA-Z]+);"_s);
    QStringList keys;
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) == u'&') {
            ++i;
            continue;
        }
        if (entity
                .match(
                    text, i, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption)
                .hasMatch())
            continue;
        if (text.at(i + 1).isLetterOrNumber())
            keys.append(text.at(i + 1).toUpper());
    }
    return keys;
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void complete_data();
    void complete();
    void sameMessagesInEveryLanguage();
    void placeholdersKept_data();
    void placeholdersKept();
    void acceleratorsDistinct_data();
    void acceleratorsDistinct();
    void glossaryKept();
    void everyLanguageCompiledIn();
    void settingChoosesLanguageAtNextStart_data();
    void settingChoosesLanguageAtNextStart();
    void serverPageStoresLanguage();
    void qtFollowsLanguage_data();
    void qtFollowsLanguage();

private:
    void addFileRows();

    QMap<QString, TsFile> m_files; // by file name
};

void TestTranslations::initTestCase()
{
    const QString sourceDir = qEnvironmentVariable("HOSTBENCH_SOURCE_DIR");
    QVERIFY2(!sourceDir.isEmpty(), "HOSTBENCH_SOURCE_DIR is not set (CTest sets it)");
    const QDir translations(QDir(sourceDir).filePath(u"translations"_s));
    const QStringList names = translations.entryList({ u"hostbench_*.ts"_s }, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        QString error;
        std::optional<TsFile> ts = readTs(translations.filePath(name), &error);
        QVERIFY2(ts, qPrintable(name + u": "_s + error));
        m_files.insert(name, *ts);
    }
    // The ones we ship at least; a new language is checked as soon as its file exists.
    for (const QString &code : { u"en"_s, u"de"_s, u"fr"_s, u"pt_BR"_s })
        QVERIFY2(m_files.contains(u"hostbench_%1.ts"_s.arg(code)), qPrintable(code));
}

void TestTranslations::addFileRows()
{
    QTest::addColumn<QString>("file");
    for (const QString &name : m_files.keys())
        QTest::newRow(qPrintable(name)) << name;
}

void TestTranslations::complete_data()
{
    addFileRows();
}

void TestTranslations::complete()
{
    QFETCH(QString, file);
    const TsFile &ts = m_files[file];
    const QLocale fileLocale(ts.code);
    const QLocale declared(ts.language);
    QVERIFY2(fileLocale.language() == declared.language(),
        qPrintable(u"language=\"%1\" does not match the file name"_s.arg(ts.language)));
    if (ts.code.contains(u'_'))
        QVERIFY2(fileLocale.territory() == declared.territory(),
            qPrintable(u"language=\"%1\" does not match the file name"_s.arg(ts.language)));
    QVERIFY(!ts.messages.isEmpty());

    QStringList problems;
    int pluralForms = kPluralForms.value(ts.code, -1);
    for (const Message &m : ts.messages) {
        if (!m.type.isEmpty())
            problems.append(m.type + u": "_s + where(m));
        if (m.translations.isEmpty() || m.translations.contains(QString()))
            problems.append(u"empty: "_s + where(m));
        if (m.numerus) {
            if (pluralForms < 0)
                pluralForms = int(m.translations.size()); // a new language: as many as its first
            if (m.translations.size() != pluralForms)
                problems.append(
                    u"%1 plural forms, not %2: "_s.arg(m.translations.size()).arg(pluralForms) + where(m));
        } else if (m.translations.size() != 1) {
            problems.append(u"plural forms for a text without %n: "_s + where(m));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::sameMessagesInEveryLanguage()
{
    // English holds only the plural forms (lupdate -pluralonly).
    QMap<QString, QSet<QString>> keysByFile;
    for (const TsFile &ts : std::as_const(m_files)) {
        QSet<QString> keys;
        for (const Message &m : ts.messages)
            keys.insert(where(m));
        keysByFile.insert(ts.code, keys);
    }
    const QSet<QString> reference = keysByFile.value(u"de"_s);
    QStringList problems;
    for (auto it = keysByFile.cbegin(); it != keysByFile.cend(); ++it) {
        if (it.key() == u"en"_s) {
            for (const Message &m : m_files[u"hostbench_en.ts"_s].messages) {
                if (!m.numerus)
                    problems.append(u"en holds a text without %n: "_s + where(m));
            }
            continue;
        }
        for (const QString &missing : reference - it.value())
            problems.append(it.key() + u" lacks "_s + missing);
        for (const QString &extra : it.value() - reference)
            problems.append(it.key() + u" has, and de lacks, "_s + extra);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::placeholdersKept_data()
{
    addFileRows();
}

void TestTranslations::placeholdersKept()
{
    QFETCH(QString, file);
    QStringList problems;
    for (const Message &m : m_files[file].messages) {
        const QStringList wanted = placeholders(m.source);
        const QStringList tags = htmlTags(m.source);
        for (const QString &translation : m.translations) {
            const QStringList found = placeholders(translation);
            if (found != wanted)
                problems.append(u"placeholders {%1}, not {%2}, in «%3»: "_s.arg(
                                    found.join(u','), wanted.join(u','), translation)
                    + where(m));
            if (htmlTags(translation) != tags)
                problems.append(u"HTML tags differ in «%1»: "_s.arg(translation) + where(m));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::acceleratorsDistinct_data()
{
    addFileRows();
    QTest::newRow("English sources") << QString();
}

void TestTranslations::acceleratorsDistinct()
{
    QFETCH(QString, file);
    // The sources: every message of every file (de holds them all, en only plurals).
    QList<Message> messages;
    if (file.isEmpty()) {
        QSet<QString> seen;
        for (const TsFile &ts : std::as_const(m_files)) {
            for (const Message &m : ts.messages) {
                if (!seen.contains(where(m))) {
                    seen.insert(where(m));
                    messages.append(m);
                }
            }
        }
    } else {
        messages = m_files[file].messages;
    }

    QStringList problems;
    // group ("context" or "context (disambiguation)") -> key -> the texts that use it
    QMap<QString, QMap<QString, QStringList>> groups;
    for (const Message &m : std::as_const(messages)) {
        const qsizetype wanted = accelerators(m.source).size();
        if (wanted > 1)
            problems.append(u"more than one accelerator in the source: "_s + where(m));
        const QStringList texts = file.isEmpty() ? QStringList { m.source } : m.translations;
        for (const QString &text : texts) {
            const QStringList keys = accelerators(text);
            if (keys.size() != wanted)
                problems.append(
                    u"%1 accelerators in «%2», the source has %3: "_s.arg(keys.size()).arg(text).arg(wanted)
                    + where(m));
            for (const QString &key : keys)
                groups[m.comment.isEmpty() ? m.context : m.context + u" ("_s + m.comment + u')'][key].append(
                    text);
        }
    }
    for (auto group = groups.cbegin(); group != groups.cend(); ++group) {
        for (auto key = group->cbegin(); key != group->cend(); ++key) {
            if (key->size() > 1)
                problems.append(u"&%1 used by %2 in %3"_s.arg(key.key(), key->join(u", "_s), group.key()));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::glossaryKept()
{
    QFile file(QDir(qEnvironmentVariable("HOSTBENCH_SOURCE_DIR")).filePath(u"translations/glossary.txt"_s));
    QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(file.fileName()));
    const auto plain = [](QString text) {
        // An accelerator's '&' is not part of the word ("Listen-&Adresse").
        return text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&');
    };
    QStringList problems;
    int rules = 0;
    int lineNumber = 0;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        ++lineNumber;
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList fields = line.split(u'|');
        QVERIFY2(fields.size() == 4,
            qPrintable(u"glossary.txt:%1: 4 fields, not %2"_s.arg(lineNumber).arg(fields.size())));
        const QString code = fields[0].trimmed();
        const QString term = fields[1].trimmed();
        const QString chosen = fields[2].trimmed();
        QStringList rejected;
        for (const QString &variant : fields[3].split(u','))
            if (!variant.trimmed().isEmpty())
                rejected << variant.trimmed();
        QVERIFY2(m_files.contains(u"hostbench_%1.ts"_s.arg(code)),
            qPrintable(u"glossary.txt: no language "_s + code));
        ++rules;
        const QRegularExpression english(
            u"\\b"_s + QRegularExpression::escape(term), QRegularExpression::CaseInsensitiveOption);
        for (const Message &m : m_files[u"hostbench_%1.ts"_s.arg(code)].messages) {
            for (const QString &raw : m.translations) {
                const QString translation = plain(raw);
                for (const QString &variant : rejected)
                    if (translation.contains(variant, Qt::CaseInsensitive))
                        problems.append(
                            u"%1: «%2» uses «%3», not «%4»: "_s.arg(code, translation, variant, chosen)
                            + where(m));
                if (english.match(plain(m.source)).hasMatch()
                    && !translation.contains(chosen, Qt::CaseInsensitive))
                    problems.append(
                        u"%1: «%2» lacks «%3» for «%4»: "_s.arg(code, translation, chosen, term) + where(m));
            }
        }
    }
    QVERIFY2(rules > 0, "glossary.txt has no rule");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslations::everyLanguageCompiledIn()
{
    // The .qm files compiled into the program and the choices of the Language
    // field are the same languages.
    QStringList compiled;
    QDirIterator it(u":/i18n"_s, { u"hostbench_*.qm"_s }, QDir::Files);
    while (it.hasNext())
        compiled.append(QFileInfo(it.next()).completeBaseName().section(u'_', 1));
    compiled.sort();
    QStringList offered;
    for (const ui::Translations::Language &language : ui::Translations::languages())
        offered.append(language.code);
    offered.sort();
    QCOMPARE(compiled, offered);
    QStringList shipped;
    for (const TsFile &ts : std::as_const(m_files))
        shipped.append(ts.code);
    shipped.sort();
    QCOMPARE(shipped, offered);
}

void TestTranslations::settingChoosesLanguageAtNextStart_data()
{
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QString>("file"); // MainWindow's &File menu title
    QTest::addColumn<QString>("thread"); // a plural form
    QTest::addColumn<QString>("formats"); // QLocale().name() afterwards: numbers' and dates' format
    // The default locale is German here (the real system's is C, LC_ALL in
    // tests/ui/CMakeLists.txt): the setting wins over it, "" follows it, and
    // numbers and dates follow the texts.
    QTest::newRow("system default") << QString() << u"&Datei"_s << u"2 Worker-Threads"_s << u"de_DE"_s;
    QTest::newRow("en") << u"en"_s << u"&File"_s << u"2 worker threads"_s << u"en_US"_s;
    QTest::newRow("de") << u"de"_s << u"&Datei"_s << u"2 Worker-Threads"_s << u"de_DE"_s;
    QTest::newRow("fr") << u"fr"_s << u"&Fichier"_s << u"2 threads de travail"_s << u"fr_FR"_s;
    QTest::newRow("pt_BR") << u"pt_BR"_s << u"&Arquivo"_s << u"2 threads de trabalho"_s << u"pt_BR"_s;
    QTest::newRow("unknown code: system default")
        << u"xx"_s << u"&Datei"_s << u"2 Worker-Threads"_s << u"de_DE"_s;
}

void TestTranslations::settingChoosesLanguageAtNextStart()
{
    QFETCH(QString, setting);
    QFETCH(QString, file);
    QFETCH(QString, thread);
    QFETCH(QString, formats);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    {
        storage::DataFolder folder;
        QVERIFY2(folder.open(dir.path(), &error), qPrintable(error));
        ui::AppSettings(folder.database()).setLanguage(setting);
    }

    // The next start, as main() does it: the system's language first, then,
    // once the data folder is open, the one stored there.
    const QLocale system;
    QLocale::setDefault(QLocale(u"de_DE"_s));
    QCoreApplication &app = *QCoreApplication::instance();
    ui::Translations::install(app);
    storage::DataFolder folder;
    QVERIFY2(folder.open(dir.path(), &error), qPrintable(error));
    const QString stored = ui::AppSettings(folder.database()).language();
    QCOMPARE(stored, setting);
    if (!stored.isEmpty())
        ui::Translations::install(app, stored);

    const QString shownFile = QCoreApplication::translate("hostbench::ui::MainWindow", "&File", "menu bar");
    const QString shownThreads = QCoreApplication::translate(
        "hostbench::ui::ServerPage", "Serving <a href=\"%1\">%1</a> with %n worker thread(s).", nullptr, 2);
    const QString shownFormats = QLocale().name();
    QLocale::setDefault(system);
    QCOMPARE(shownFile, file);
    QVERIFY2(shownThreads.contains(thread), qPrintable(shownThreads));
    QCOMPARE(shownFormats, formats);
}

void TestTranslations::serverPageStoresLanguage()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    storage::DataFolder folder;
    QString error;
    QVERIFY2(folder.open(dir.path(), &error), qPrintable(error));
    ui::Translations::install(*QCoreApplication::instance(), u"en"_s);
    {
        ui::MainWindow window(folder);
        auto *language = window.findChild<QComboBox *>(u"serverLanguage"_s);
        QVERIFY(language);
        QCOMPARE(language->currentData().toString(), QString()); // the default: the system's
        QCOMPARE(language->count(), int(ui::Translations::languages().size()) + 1);
        auto *note = window.findChild<QLabel *>(u"serverLanguageNote"_s);
        QVERIFY(note);
        QCOMPARE(note->text(), u"Takes effect when Hostbench starts again."_s);
        // Stored at once; the window itself stays in its language.
        language->setCurrentIndex(language->findData(u"pt_BR"_s));
        QCOMPARE(ui::AppSettings(folder.database()).language(), u"pt_BR"_s);
        QCOMPARE(note->text(), u"Takes effect when Hostbench starts again."_s);
    }
    // The next window shows the stored choice, and back to the system's.
    ui::MainWindow window(folder);
    auto *language = window.findChild<QComboBox *>(u"serverLanguage"_s);
    QVERIFY(language);
    QCOMPARE(language->currentText(), u"Português (Brasil)"_s);
    language->setCurrentIndex(0);
    QCOMPARE(ui::AppSettings(folder.database()).language(), QString());
}

void TestTranslations::qtFollowsLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("number"); // QLocale().toString(1234567.5, 'f', 1)
    QTest::addColumn<QString>("date"); // 1 December 2026, QLocale::ShortFormat
    QTest::addColumn<QString>("cancel"); // QDialogButtonBox::Cancel, Qt's own text (qtbase_xx.qm)
    QTest::addColumn<QString>("open"); // the file dialog's Open button
    QTest::newRow("en") << u"en"_s << u"1,234,567.5"_s << u"12/1/26"_s << u"Cancel"_s << u"&Open"_s;
    QTest::newRow("de") << u"de"_s << u"1.234.567,5"_s << u"01.12.26"_s << u"Abbrechen"_s << u"&Öffnen"_s;
    QTest::newRow("fr") << u"fr"_s << u"1\u202F234\u202F567,5"_s << u"01/12/2026"_s << u"Annuler"_s
                        << u"&Ouvrir"_s;
    QTest::newRow("pt_BR") << u"pt_BR"_s << u"1.234.567,5"_s << u"01/12/2026"_s << u"Cancelar"_s
                           << u"&Abrir"_s;
}

// Qt's own texts and QLocale's formats follow the chosen language, not only
// Hostbench's texts: the file dialog's buttons, a number's grouping, a date.
void TestTranslations::qtFollowsLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, number);
    QFETCH(QString, date);
    QFETCH(QString, cancel);
    QFETCH(QString, open);
    const QLocale before;
    ui::Translations::install(*QCoreApplication::instance(), language);
    const QString shownNumber = QLocale().toString(1234567.5, 'f', 1);
    const QString shownDate = QLocale().toString(QDate(2026, 12, 1), QLocale::ShortFormat);
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    const QString shownCancel = box.button(QDialogButtonBox::Cancel)->text();
    QFileDialog dialog;
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    auto *dialogButtons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(dialogButtons);
    const QString shownOpen = dialogButtons->button(QDialogButtonBox::Open)->text();
    ui::Translations::install(*QCoreApplication::instance(), u"en"_s);
    QLocale::setDefault(before);

    QCOMPARE(shownNumber, number);
    QCOMPARE(shownDate, date);
    const QString qtbase
        = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + u"/qtbase_%1.qm"_s.arg(language);
    if (language != u"en"_s && !QFileInfo::exists(qtbase))
        QSKIP(qPrintable(u"%1 is missing: Qt's own texts stay English (Debian: apt-get install "
                         "qt6-translations-l10n)"_s.arg(qtbase)));
    QCOMPARE(shownCancel, cancel);
    QCOMPARE(shownOpen, open);
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
