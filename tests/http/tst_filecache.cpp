#include "http/FileCache.h"
#include "http/SiteTable.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using hostbench::http::ContentCoding;
using hostbench::http::FileCache;
using hostbench::http::SiteTable;
using hostbench::http::StaticFile;
using hostbench::model::VirtualHost;

// FileCache::lookupFile on real files: the representation Accept-Encoding
// chooses, and the file and its sibling from one call, both valid until the
// next lookup whatever the budget (serve() kept the file's entry across a
// second lookup, which the cache's contract did not allow).
class TestFileCache final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void representation_data();
    void representation();
    void fileIsKeptWithItsSiblingUnderATinyBudget();
    void siblingGoneSinceCheckedFallsBackToTheFile();
    void whatIsKeptBySize_data();
    void whatIsKeptBySize();

private:
    bool write(const QString &name, const QByteArray &bytes) const;

    QTemporaryDir m_dir;
    std::shared_ptr<const SiteTable> m_sites;
};

bool TestFileCache::write(const QString &name, const QByteArray &bytes) const
{
    QFile file(m_dir.filePath(name));
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

void TestFileCache::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(write(QStringLiteral("both.txt"), QByteArray(1000, 'i')));
    QVERIFY(write(QStringLiteral("both.txt.gz"), QByteArray(500, 'g')));
    QVERIFY(write(QStringLiteral("both.txt.br"), QByteArray(400, 'b')));
    QVERIFY(write(QStringLiteral("gzip.txt"), QByteArray(1000, 'i')));
    QVERIFY(write(QStringLiteral("gzip.txt.gz"), QByteArray(500, 'g')));
    QVERIFY(write(QStringLiteral("plain.txt"), QByteArray(1000, 'i')));
    VirtualHost host;
    host.hostName = QStringLiteral("cache.test");
    host.documentRoot = m_dir.path();
    host.isDefault = true;
    QString error;
    m_sites = SiteTable::build({ host }, 1, nullptr, true, &error);
    QVERIFY2(m_sites, qPrintable(error));
}

void TestFileCache::representation_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("acceptEncoding");
    QTest::addColumn<QByteArray>("chosen");
    QTest::addColumn<int>("coding");
    const int identity = int(ContentCoding::Coding::Identity);
    const int gzip = int(ContentCoding::Coding::Gzip);
    const int brotli = int(ContentCoding::Coding::Brotli);
    QTest::newRow("no field") << QByteArray("/both.txt") << QByteArray() << QByteArray("both.txt")
                              << identity;
    QTest::newRow("gzip") << QByteArray("/both.txt") << QByteArray("gzip") << QByteArray("both.txt.gz")
                          << gzip;
    QTest::newRow("br") << QByteArray("/both.txt") << QByteArray("br") << QByteArray("both.txt.br") << brotli;
    QTest::newRow("both, br first") << QByteArray("/both.txt") << QByteArray("gzip, br")
                                    << QByteArray("both.txt.br") << brotli;
    QTest::newRow("gzip weighted up")
        << QByteArray("/both.txt") << QByteArray("br;q=0.5, gzip") << QByteArray("both.txt.gz") << gzip;
    QTest::newRow("identity only") << QByteArray("/both.txt") << QByteArray("gzip;q=0, br;q=0")
                                   << QByteArray("both.txt") << identity;
    QTest::newRow("br without a .br")
        << QByteArray("/gzip.txt") << QByteArray("br") << QByteArray("gzip.txt") << identity;
    QTest::newRow("gzip with a .gz") << QByteArray("/gzip.txt") << QByteArray("br, gzip")
                                     << QByteArray("gzip.txt.gz") << gzip;
    QTest::newRow("no sibling") << QByteArray("/plain.txt") << QByteArray("gzip, br")
                                << QByteArray("plain.txt") << identity;
}

void TestFileCache::representation()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, acceptEncoding);
    QFETCH(QByteArray, chosen);
    QFETCH(int, coding);
    FileCache cache;
    std::string scratch;
    StaticFile::Result result = StaticFile::Result::NotFound;
    // Twice: the first checks the files, the second comes from the cache.
    for (int round = 0; round < 2; ++round) {
        const FileCache::Representation found = cache.lookupFile(
            m_sites->site(0), path.toStdString(), acceptEncoding.toStdString(), true, result, scratch);
        QCOMPARE(int(result), int(StaticFile::Result::Found));
        QVERIFY(found.file && found.chosen);
        QCOMPARE(QByteArray::fromStdString(found.file->relative), path.mid(1));
        QCOMPARE(QByteArray::fromStdString(found.chosen->relative), chosen);
        QCOMPARE(int(found.coding), coding);
        QVERIFY(found.chosen->haveContent); // small files are kept in memory: no descriptor
        QVERIFY(!found.fd.isValid());
    }
}

// With a budget smaller than one file, the sibling's lookup would evict the
// file (the least recently used entry) if the cache did not keep it: its
// entry would be freed while the caller still holds it (ASan reports the read).
void TestFileCache::fileIsKeptWithItsSiblingUnderATinyBudget()
{
    FileCache cache;
    cache.setContentBudget(1);
    std::string scratch;
    StaticFile::Result result = StaticFile::Result::NotFound;
    const FileCache::Representation found
        = cache.lookupFile(m_sites->site(0), "/gzip.txt", "gzip", true, result, scratch);
    QCOMPARE(int(result), int(StaticFile::Result::Found));
    QCOMPARE(cache.size(), std::size_t(2));
    QVERIFY(found.file && found.chosen && found.file != found.chosen);
    QCOMPARE(found.file->relative, std::string("gzip.txt"));
    QCOMPARE(found.file->content, std::string(1000, 'i'));
    QVERIFY(found.file->gzip);
    QCOMPARE(found.chosen->relative, std::string("gzip.txt.gz"));
    QCOMPARE(found.chosen->content, std::string(500, 'g'));
    // The next lookup may trim them: the budget holds again.
    cache.lookupFile(m_sites->site(0), "/plain.txt", {}, true, result, scratch);
    QCOMPARE(cache.size(), std::size_t(1));
}

// The file's entry still says ".gz" exists (checked less than kValidMs ago)
// but it is gone: the file itself is the representation.
void TestFileCache::siblingGoneSinceCheckedFallsBackToTheFile()
{
    QVERIFY(write(QStringLiteral("gone.txt"), QByteArray(1000, 'i')));
    QVERIFY(write(QStringLiteral("gone.txt.gz"), QByteArray(500, 'g')));
    FileCache cache;
    std::string scratch;
    StaticFile::Result result = StaticFile::Result::NotFound;
    FileCache::Representation found
        = cache.lookupFile(m_sites->site(0), "/gone.txt", {}, true, result, scratch);
    QVERIFY(found.file && found.file->gzip);
    QVERIFY(QFile::remove(m_dir.filePath(QStringLiteral("gone.txt.gz"))));
    found = cache.lookupFile(m_sites->site(0), "/gone.txt", "gzip", true, result, scratch);
    QCOMPARE(int(result), int(StaticFile::Result::Found));
    QVERIFY(found.file && found.file->gzip);
    QCOMPARE(found.chosen, found.file);
    QCOMPARE(int(found.coding), int(ContentCoding::Coding::Identity));
}

void TestFileCache::whatIsKeptBySize_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<bool>("content");
    QTest::addColumn<bool>("descriptor");
    const qint64 sendfileMin = qint64(FileCache::kSendfileMinBytes);
    const qint64 maxFile = qint64(FileCache::kMaxFileBytes);
    QTest::newRow("W1's 4,070 B: bytes only") << qint64(4070) << true << false;
    QTest::newRow("at the sendfile bound: bytes only") << sendfileMin << true << false;
    QTest::newRow("one byte over it: bytes and descriptor") << sendfileMin + 1 << true << true;
    QTest::newRow("W2's 45,056 B: bytes and descriptor") << qint64(45056) << true << true;
    QTest::newRow("at the bytes' bound: bytes and descriptor") << maxFile << true << true;
    QTest::newRow("over it: descriptor only") << maxFile + 1 << false << true;
}

// Bytes up to kMaxFileBytes, the descriptor over kSendfileMinBytes (both in
// between, for sendfile on cleartext HTTP/1.1 and the bytes elsewhere); the
// second lookup hands out the same descriptor without opening the file.
void TestFileCache::whatIsKeptBySize()
{
    QFETCH(qint64, size);
    QFETCH(bool, content);
    QFETCH(bool, descriptor);
    const QString name = QStringLiteral("size-%1.bin").arg(size);
    QVERIFY(write(name, QByteArray(size, 's')));
    const std::string path = "/" + name.toStdString();
    FileCache cache;
    std::string scratch;
    StaticFile::Result result = StaticFile::Result::NotFound;
    int first = -1;
    for (int round = 0; round < 2; ++round) {
        const FileCache::Representation found
            = cache.lookupFile(m_sites->site(0), path, {}, true, result, scratch);
        QCOMPARE(int(result), int(StaticFile::Result::Found));
        QVERIFY(found.chosen);
        QCOMPARE(found.chosen->haveContent, content);
        if (content)
            QCOMPARE(qint64(found.chosen->content.size()), size);
        QCOMPARE(found.fd.isValid(), descriptor);
        QCOMPARE(cache.openFiles(), std::size_t(descriptor ? 1 : 0));
        if (round == 0)
            first = found.fd.get();
        else
            QCOMPARE(found.fd.get(), first);
    }
    // Not asked for (OPTIONS, HEAD's callers): no descriptor handed out.
    {
        const FileCache::Representation found
            = cache.lookupFile(m_sites->site(0), path, {}, false, result, scratch);
        QVERIFY(!found.fd.isValid());
    }
}

QTEST_GUILESS_MAIN(TestFileCache)
#include "tst_filecache.moc"
