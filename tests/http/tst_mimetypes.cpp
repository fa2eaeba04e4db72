#include "http/MimeTypes.h"

#include <QTest>

using hostbench::http::MimeTypes;

class TestMimeTypes final : public QObject
{
    Q_OBJECT

private slots:
    void typeFor_data();
    void typeFor();
    void cacheAnswersTheSame();
};

void TestMimeTypes::typeFor_data()
{
    QTest::addColumn<QByteArray>("fileName");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("text") << QByteArray("x.txt") << QByteArray("text/plain");
    QTest::newRow("html") << QByteArray("index.html") << QByteArray("text/html");
    QTest::newRow("css") << QByteArray("site.css") << QByteArray("text/css");
    QTest::newRow("jpeg") << QByteArray("photo.jpg") << QByteArray("image/jpeg");
    QTest::newRow("png") << QByteArray("logo.png") << QByteArray("image/png");
    QTest::newRow("zip") << QByteArray("archive.zip") << QByteArray("application/zip");
    QTest::newRow("upper case extension") << QByteArray("PHOTO.JPG") << QByteArray("image/jpeg");
    QTest::newRow("svg") << QByteArray("icon.svg") << QByteArray("image/svg+xml");
    QTest::newRow("json") << QByteArray("data.json") << QByteArray("application/json");
    QTest::newRow("unknown extension") << QByteArray("huge.bin") << QByteArray("application/octet-stream");
    QTest::newRow("no extension") << QByteArray("datafile") << QByteArray("application/octet-stream");
    // The web formats: the registered types on every host (not the host's shared-mime-info).
    QTest::newRow("wasm") << QByteArray("app.wasm") << QByteArray("application/wasm");
    QTest::newRow("js") << QByteArray("app.js") << QByteArray("text/javascript");
    QTest::newRow("mjs") << QByteArray("module.mjs") << QByteArray("text/javascript");
    QTest::newRow("JS upper case") << QByteArray("APP.JS") << QByteArray("text/javascript");
    QTest::newRow("avif") << QByteArray("photo.avif") << QByteArray("image/avif");
    QTest::newRow("webp") << QByteArray("photo.webp") << QByteArray("image/webp");
    QTest::newRow("woff2") << QByteArray("font.woff2") << QByteArray("font/woff2");
    QTest::newRow("woff") << QByteArray("font.woff") << QByteArray("font/woff");
    QTest::newRow("webmanifest") << QByteArray("site.webmanifest") << QByteArray("application/manifest+json");
    QTest::newRow("htm") << QByteArray("old.htm") << QByteArray("text/html");
    QTest::newRow("html in a folder") << QByteArray("a.b/index.html") << QByteArray("text/html");
    QTest::newRow("extension only") << QByteArray(".js") << QByteArray("text/javascript");
    QTest::newRow("js inside the name") << QByteArray("app.js.zip") << QByteArray("application/zip");
}

void TestMimeTypes::typeFor()
{
    QFETCH(QByteArray, fileName);
    QFETCH(QByteArray, expected);
    MimeTypes types;
    const std::string_view type
        = types.typeFor(std::string_view(fileName.constData(), size_t(fileName.size())));
    QCOMPARE(QByteArray(type.data(), qsizetype(type.size())), expected);
}

void TestMimeTypes::cacheAnswersTheSame()
{
    MimeTypes types;
    const std::string first(types.typeFor("a.html"));
    QCOMPARE(std::string(types.typeFor("a.html")), first);
    QCOMPARE(MimeTypes::lookup("a.html"), first);
    // Past the limit the cache starts over and still answers.
    for (size_t i = 0; i <= MimeTypes::kMaxEntries; ++i)
        types.typeFor(std::to_string(i) + ".txt");
    QCOMPARE(std::string(types.typeFor("a.html")), first);
}

QTEST_GUILESS_MAIN(TestMimeTypes)
#include "tst_mimetypes.moc"
