// The configuration writers: refused input, the text of key settings, and
// each server's own check of both flavours; the benchmark flavour started
// for real (as the shootout starts it) and asked for a file and a route.
#include "export/ConfigWriter.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace hostbench::exporter;
using hostbench::model::Route;
using hostbench::model::VirtualHost;

Q_DECLARE_METATYPE(hostbench::exporter::Server)
Q_DECLARE_METATYPE(hostbench::exporter::Flavour)

namespace {

constexpr int kTimeoutMs = 20'000;

QString findProgram(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, { u"/usr/sbin"_s, u"/sbin"_s });
    return path;
}

quint16 freePort()
{
    QTcpServer server;
    return server.listen(QHostAddress::LocalHost, 0) ? server.serverPort() : 0;
}

QByteArray get(quint16 port, const QByteArray &host, const QByteArray &path)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return {};
    socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    QByteArray data;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(kTimeoutMs))
        data += socket.readAll();
    return data + socket.readAll();
}

} // namespace

class TestConfigWriter final : public QObject
{
    Q_OBJECT

private slots:
    void shellLine_data();
    void shellLine();
    void init();
    void refusedInput_data();
    void refusedInput();
    void names();
    void nginxText();
    void routeFiles();
    void serverAcceptsIt_data();
    void serverAcceptsIt();
    void benchmarkFlavourServes_data();
    void benchmarkFlavourServes();

private:
    QList<VirtualHost> sites() const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestConfigWriter::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(::chmod(QFile::encodeName(m_dir->path()).constData(), 0755) == 0);
    for (const QString &name : { u"a"_s, u"b"_s })
        QVERIFY(QDir().mkpath(m_dir->filePath(name)));
    QFile file(m_dir->filePath(u"a/x.txt"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("x-file\n");
}

QList<VirtualHost> TestConfigWriter::sites() const
{
    VirtualHost a;
    a.hostName = u"a.test"_s;
    a.aliases = { u"www.a.test"_s };
    a.documentRoot = m_dir->filePath(u"a"_s);
    a.isDefault = true;
    a.errorPages = { { 404, u"/404.html"_s } };
    a.routes = { Route { u"/ok"_s, 200, u"text/plain"_s, "OK" },
        Route { u"/price"_s, 200, u"text/plain"_s, "costs $5 \"now\"\n" } };
    VirtualHost b;
    b.hostName = u"b.test"_s;
    b.documentRoot = m_dir->filePath(u"b"_s);
    b.directoryListing = true;
    b.accessLogEnabled = false;
    return { b, a };
}

void TestConfigWriter::refusedInput_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("error");
    QTest::newRow("no sites") << 0 << u"no sites"_s;
    QTest::newRow("two defaults") << 1 << u"exactly one site must be the default"_s;
    QTest::newRow("benchmark without prefix") << 2 << u"needs a prefix"_s;
    QTest::newRow("quote in the document root") << 3 << u"without quotes"_s;
    QTest::newRow("port 0") << 4 << u"needs a port"_s;
    QTest::newRow("host name given twice") << 5 << u"given to two sites"_s;
    QTest::newRow("listen on a name") << 6 << u"not an IP address"_s;
    QTest::newRow("a user with a space") << 7 << u"is not a user name"_s;
    QTest::newRow("a relative prefix") << 8 << u"The prefix"_s;
    QTest::newRow("a relative configuration file") << 9 << u"The configuration file"_s;
    QTest::newRow("a relative routes folder") << 10 << u"The routes folder"_s;
    QTest::newRow("an upper-case host name") << 11 << u"lower-case letters"_s;
    QTest::newRow("a relative log file") << 12 << u"The log file"_s;
    QTest::newRow("an index file in a folder") << 13 << u"the index file name"_s;
    QTest::newRow("an error page without its slash") << 14 << u"the error page"_s;
    QTest::newRow("a route path with a space") << 15 << u"the route \"/a b\""_s;
    QTest::newRow("a route type with a quote") << 16 << u"the route \"/ok\""_s;
}

void TestConfigWriter::refusedInput()
{
    QFETCH(int, kind);
    QFETCH(QString, error);
    QList<VirtualHost> list = sites();
    ExportOptions options;
    switch (kind) {
    case 0:
        list.clear();
        break;
    case 1:
        list[0].isDefault = true;
        break;
    case 2:
        options.flavour = Flavour::Benchmark;
        break;
    case 3:
        list[0].documentRoot = u"/srv/a\"b"_s;
        break;
    case 4:
        options.config.port = 0;
        break;
    case 5:
        list[0].aliases = { u"a.test"_s };
        break;
    case 6:
        options.config.listenAddress = u"localhost"_s;
        break;
    case 7:
        options.user = u"www data"_s;
        break;
    case 8:
        options.prefix = u"relative/prefix"_s;
        break;
    case 9:
        options.configPath = u"nginx.conf"_s;
        break;
    case 10:
        options.routesDir = u"routes"_s;
        break;
    case 11:
        list[0].hostName = u"B.test"_s;
        break;
    case 12:
        list[1].accessLogPath = u"logs/access.log"_s;
        break;
    case 13:
        list[1].indexFiles = { u"sub/index.html"_s };
        break;
    case 14:
        list[1].errorPages = { { 404, u"404.html"_s } };
        break;
    case 15:
        list[1].routes.append(Route { u"/a b"_s, 200, u"text/plain"_s, "x" });
        break;
    case 16:
        list[1].routes[0].contentType = u"text/\"plain"_s;
        break;
    }
    QString message;
    QVERIFY(!ConfigWriter::write(list, options, &message));
    QVERIFY2(message.contains(error), qPrintable(message));
}

void TestConfigWriter::names()
{
    QCOMPARE(ConfigWriter::fromName(u"Apache2"_s), Server::Apache);
    QCOMPARE(ConfigWriter::fromName(u"caddy"_s), Server::Caddy);
    QVERIFY(!ConfigWriter::fromName(u"iis"_s));
    QCOMPARE(ConfigWriter::package(Server::Nginx), u"nginx-light"_s);
    QCOMPARE(ConfigWriter::command(Server::Lighttpd, u"/x/l.conf"_s, {}),
        QStringList({ u"lighttpd"_s, u"-D"_s, u"-f"_s, u"/x/l.conf"_s }));
    QCOMPARE(ConfigWriter::command(Server::Nginx, u"/x/n.conf"_s, u"/p"_s),
        QStringList({ u"nginx"_s, u"-p"_s, u"/p"_s, u"-c"_s, u"/x/n.conf"_s, u"-e"_s, u"/p/logs/error.log"_s,
            u"-g"_s, u"daemon off;"_s }));
}

void TestConfigWriter::shellLine_data()
{
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<QString>("line");
    QTest::newRow("plain") << QStringList { u"lighttpd"_s, u"-D"_s, u"-f"_s, u"/x/l.conf"_s }
                           << u"lighttpd -D -f /x/l.conf"_s;
    QTest::newRow("nginx -g") << QStringList { u"nginx"_s, u"-g"_s, u"daemon off;"_s }
                              << u"nginx -g 'daemon off;'"_s;
    QTest::newRow("env") << QStringList { u"env"_s, u"XDG_DATA_HOME=/p/data"_s, u"caddy"_s }
                         << u"env XDG_DATA_HOME=/p/data caddy"_s;
    QTest::newRow("space in a path") << QStringList { u"h2o"_s, u"-c"_s, u"/home/a b/h2o.conf"_s }
                                     << u"h2o -c '/home/a b/h2o.conf'"_s;
    QTest::newRow("quote") << QStringList { u"x"_s, u"it's"_s } << u"x 'it'\\''s'"_s;
    QTest::newRow("empty word") << QStringList { u"x"_s, QString() } << u"x ''"_s;
    QTest::newRow("dollar and star") << QStringList { u"x"_s, u"$HOME/*"_s } << u"x '$HOME/*'"_s;
    QTest::newRow("non-ASCII") << QStringList { u"x"_s, u"/tmp/caf\u00e9"_s } << u"x '/tmp/caf\u00e9'"_s;
}

void TestConfigWriter::shellLine()
{
    QFETCH(QStringList, argv);
    QFETCH(QString, line);
    QCOMPARE(ConfigWriter::shellLine(argv), line);
    // A real shell reads the line back into the same words.
    QProcess shell;
    shell.start(u"/bin/sh"_s,
        { u"-c"_s,
            u"for w in "_s + line.mid(line.indexOf(u' ') + 1) + u"; do printf '[%s]'  \"$w\"; done"_s });
    QVERIFY(shell.waitForFinished(10'000));
    QString expected;
    for (const QString &word : argv.mid(1))
        expected += u"["_s + word + u"]"_s;
    QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()), expected);
}

void TestConfigWriter::nginxText()
{
    ExportOptions options;
    options.config.port = 8081;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(sites(), options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    // The default site comes first and is the default server, whatever the order given.
    const qsizetype a = text.indexOf(u"server_name a.test www.a.test;"_s);
    const qsizetype b = text.indexOf(u"server_name b.test;"_s);
    QVERIFY(a > 0 && b > a);
    QCOMPARE(text.count(u"default_server"_s), 1);
    QVERIFY(text.contains(u"listen 127.0.0.1:8081 default_server;"_s));
    QVERIFY(text.contains(u"return 200 \"OK\";"_s));
    // "$" and quotes in a route's text survive nginx's string syntax.
    QVERIFY(text.contains(u"return 200 \"costs ${hostbench_dollar}5 \\\"now\\\"\n\";"_s));
    QVERIFY(text.contains(u"geo $hostbench_dollar { default \"$\"; }"_s));
    QVERIFY(text.contains(u"error_page 404 /404.html;"_s));
    QVERIFY(text.contains(u"user www-data;"_s));
    QVERIFY(text.contains(u"access_log \"/var/log/nginx/a.test.access.log\" combined;"_s));
    QVERIFY(text.contains(u"pid \"/run/nginx.pid\";"_s));
    QCOMPARE(result->package, u"nginx-light"_s);
    QVERIFY(result->files.isEmpty());
}

void TestConfigWriter::routeFiles()
{
    ExportOptions options;
    options.server = Server::Apache;
    options.prefix = m_dir->filePath(u"apache"_s);
    options.configPath = options.prefix + u"/httpd.conf"_s;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(sites(), options, &error);
    QVERIFY2(result, qPrintable(error));
    QCOMPARE(result->files.size(), 2);
    QCOMPARE(result->files.at(0).path, options.prefix + u"/routes/a.test/%2Fok"_s);
    QCOMPARE(result->files.at(0).content, QByteArray("OK"));
    QVERIFY(ConfigWriter::save(*result, &error));
    QFile route(result->files.at(1).path);
    QVERIFY(route.open(QIODevice::ReadOnly));
    QCOMPARE(route.readAll(), QByteArray("costs $5 \"now\"\n"));
    QVERIFY(QFileInfo(options.configPath).isFile());
    QVERIFY(QFileInfo(options.prefix + u"/logs"_s).isDir());
}

void TestConfigWriter::serverAcceptsIt_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<Flavour>("flavour");
    for (Server server : ConfigWriter::servers()) {
        for (Flavour flavour : { Flavour::Production, Flavour::Benchmark })
            QTest::addRow("%s %s", qPrintable(ConfigWriter::name(server)),
                flavour == Flavour::Production ? "production" : "benchmark")
                << server << flavour;
    }
}

// Each server's own configuration check: nginx -t, lighttpd -tt, apache2
// -t, caddy validate, h2o -t.
void TestConfigWriter::serverAcceptsIt()
{
    QFETCH(Server, server);
    QFETCH(Flavour, flavour);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    ExportOptions options;
    options.server = server;
    options.flavour = flavour;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"prefix"_s); // production too: not the system's places
    options.configPath = options.prefix + u"/server.conf"_s;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(sites(), options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QStringList arguments = result->command.mid(result->command.indexOf(program.section(u'/', -1)) + 1);
    switch (server) {
    case Server::Nginx:
        arguments.append(u"-t"_s);
        break;
    case Server::Lighttpd:
        arguments = { u"-tt"_s, u"-f"_s, options.configPath };
        break;
    case Server::Apache:
        arguments = { u"-t"_s, u"-f"_s, options.configPath };
        break;
    case Server::Caddy:
        arguments = { u"validate"_s, u"--config"_s, options.configPath, u"--adapter"_s, u"caddyfile"_s };
        break;
    case Server::H2o:
        arguments = { u"-t"_s, u"-c"_s, options.configPath };
        break;
    }
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_dir->filePath(u"home"_s));
    check.setProcessEnvironment(env);
    check.start(program, arguments);
    QVERIFY(check.waitForFinished(kTimeoutMs));
    const QString output = QString::fromLocal8Bit(check.readAll());
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0,
        qPrintable(output + u"\n---\n"_s + QString::fromUtf8(result->config)));
}

void TestConfigWriter::benchmarkFlavourServes_data()
{
    QTest::addColumn<Server>("server");
    for (Server server : ConfigWriter::servers())
        QTest::newRow(qPrintable(ConfigWriter::name(server))) << server;
}

// As the shootout runs it: the benchmark flavour under a prefix, started
// with the command the writer returns, answers a file and a fixed route.
void TestConfigWriter::benchmarkFlavourServes()
{
    QFETCH(Server, server);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    ExportOptions options;
    options.server = server;
    options.flavour = Flavour::Benchmark;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"bench"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    // Started by root, the workers would otherwise run as a user who may not read the prefix.
    if (::geteuid() == 0)
        options.user = u"root"_s;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(sites(), options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_dir->filePath(u"home"_s));
    process.setProcessEnvironment(env);
    process.start(findProgram(result->command.first()), result->command.mid(1));
    QByteArray file;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!deadline.hasExpired() && process.state() != QProcess::NotRunning && !file.endsWith("x-file\n")) {
        process.waitForFinished(200);
        file = get(options.config.port, "a.test", "/x.txt");
    }
    const QByteArray route = get(options.config.port, "www.a.test", "/ok");
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs))
        process.kill();
    process.waitForFinished();
    QVERIFY2(file.startsWith("HTTP/1.1 200") && file.endsWith("\r\n\r\nx-file\n"),
        qPrintable(QString::fromLocal8Bit(file + process.readAll()) + QString::fromUtf8(result->config)));
    QVERIFY2(route.startsWith("HTTP/1.1 200") && route.endsWith("\r\n\r\nOK"), route.constData());
}

QTEST_GUILESS_MAIN(TestConfigWriter)
#include "tst_configwriter.moc"
