#include "instance/TargetResolver.h"

#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::VirtualHost;
using hostbench::service::TargetResolver;

class TestTargetResolver final : public QObject
{
    Q_OBJECT

private slots:
    void resolve_data();
    void resolve();
    void siteUrls();

private:
    static QList<VirtualHost> sites();
};

QList<VirtualHost> TestTargetResolver::sites()
{
    VirtualHost local;
    local.hostName = u"localhost"_s;
    local.isDefault = true;
    VirtualHost example;
    example.hostName = u"example.test"_s;
    example.aliases = { u"www.example.test"_s };
    VirtualHost v6;
    v6.hostName = u"fe80::1"_s;
    return { example, local, v6 };
}

void TestTargetResolver::resolve_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("engineAddress");
    QTest::addColumn<int>("enginePort");
    QTest::addColumn<QString>("expectedUrl");
    QTest::addColumn<QString>("expectedHost");

    QTest::newRow("site name") << u"http://example.test:8080/x.txt"_s << u"127.0.0.1"_s << 8080
                               << u"http://127.0.0.1:8080/x.txt"_s << u"example.test:8080"_s;
    QTest::newRow("alias, upper case") << u"http://WWW.example.test:8080/"_s << u"127.0.0.1"_s << 8080
                                       << u"http://127.0.0.1:8080/"_s << u"www.example.test:8080"_s;
    QTest::newRow("localhost") << u"http://localhost:8080/"_s << u"127.0.0.1"_s << 8080
                               << u"http://127.0.0.1:8080/"_s << u"localhost:8080"_s;
    QTest::newRow("query kept") << u"http://example.test:8080/a?b=1"_s << u"127.0.0.1"_s << 8080
                                << u"http://127.0.0.1:8080/a?b=1"_s << u"example.test:8080"_s;
    QTest::newRow("any address") << u"http://example.test:9000/"_s << u"0.0.0.0"_s << 9000
                                 << u"http://127.0.0.1:9000/"_s << u"example.test:9000"_s;
    QTest::newRow("ipv6 engine") << u"http://example.test:9000/"_s << u"::"_s << 9000
                                 << u"http://[::1]:9000/"_s << u"example.test:9000"_s;
    QTest::newRow("ipv6 site") << u"http://[fe80::1]:9000/"_s << u"127.0.0.1"_s << 9000
                               << u"http://127.0.0.1:9000/"_s << u"[fe80::1]:9000"_s;

    // Left alone: not the engine, or already its address.
    QTest::newRow("other port") << u"http://example.test:8081/"_s << u"127.0.0.1"_s << 8080
                                << u"http://example.test:8081/"_s << QString();
    QTest::newRow("unknown host") << u"http://nginx.test:8080/"_s << u"127.0.0.1"_s << 8080
                                  << u"http://nginx.test:8080/"_s << QString();
    QTest::newRow("engine address") << u"http://127.0.0.1:8080/"_s << u"127.0.0.1"_s << 8080
                                    << u"http://127.0.0.1:8080/"_s << QString();
    QTest::newRow("engine stopped") << u"http://example.test:8080/"_s << QString() << 0
                                    << u"http://example.test:8080/"_s << QString();
    QTest::newRow("default port 80") << u"http://example.test/"_s << u"127.0.0.1"_s << 80
                                     << u"http://127.0.0.1/"_s << u"example.test"_s;
    QTest::newRow("https") << u"https://example.test:8080/"_s << u"127.0.0.1"_s << 8080
                           << u"https://example.test:8080/"_s << QString();
    QTest::newRow("blanks trimmed") << u"  http://other.test:1/  "_s << u"127.0.0.1"_s << 8080
                                    << u"http://other.test:1/"_s << QString();
}

void TestTargetResolver::resolve()
{
    QFETCH(QString, url);
    QFETCH(QString, engineAddress);
    QFETCH(int, enginePort);
    QFETCH(QString, expectedUrl);
    QFETCH(QString, expectedHost);
    const TargetResolver target = TargetResolver::resolve(url, sites(), engineAddress, quint16(enginePort));
    QCOMPARE(target.url, expectedUrl);
    QCOMPARE(target.hostOverride, expectedHost);
    QCOMPARE(target.hint.isEmpty(), expectedHost.isEmpty());
}

void TestTargetResolver::siteUrls()
{
    QCOMPARE(TargetResolver::siteUrls(sites(), 8080),
        QStringList(
            { u"http://localhost:8080/"_s, u"http://example.test:8080/"_s, u"http://[fe80::1]:8080/"_s }));
    QCOMPARE(TargetResolver::connectableAddress(u"0.0.0.0"_s), u"127.0.0.1"_s);
    QCOMPARE(TargetResolver::connectableAddress(u"::"_s), u"::1"_s);
    QCOMPARE(TargetResolver::connectableAddress(u"127.0.0.5"_s), u"127.0.0.5"_s);
}

QTEST_GUILESS_MAIN(TestTargetResolver)
#include "tst_targetresolver.moc"
