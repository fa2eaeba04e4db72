// The configuration writers: refused input, the text of key settings, and
// each server's own check of both flavours; the benchmark flavour started
// for real (as the shootout starts it) and asked for a file and a route.
#include "../FreePort.h"
#include "export/ConfigWriter.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
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

using hostbench::test::freePort;

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

// GETs of `paths` one after another on one keep-alive connection; each
// answer whole (Content-Length), empty where none came.
QList<QByteArray> getKeptAlive(quint16 port, const QByteArray &host, const QList<QByteArray> &paths)
{
    QList<QByteArray> answers;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return answers;
    QByteArray data;
    for (const QByteArray &path : paths) {
        socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
        qsizetype end = -1;
        qsizetype length = -1;
        while (true) {
            end = data.indexOf("\r\n\r\n");
            if (end >= 0) {
                const qsizetype at = data.toLower().indexOf("\r\ncontent-length:");
                length = at >= 0 && at < end
                    ? data.mid(at + 17, data.indexOf("\r\n", at + 2) - at - 17).trimmed().toInt()
                    : 0;
                if (data.size() >= end + 4 + length)
                    break;
            }
            if (!socket.waitForReadyRead(kTimeoutMs))
                return answers;
            data += socket.readAll();
        }
        answers.append(data.left(end + 4 + length));
        data.remove(0, end + 4 + length);
    }
    return answers;
}

// The server's own check of a saved configuration: nginx -t, lighttpd -tt,
// apache2 -t, caddy validate, h2o -t. False with its output and the file in *error.
bool checkConfig(Server server, const QString &program, const ExportResult &result,
    const ExportOptions &options, const QString &home, QString *error)
{
    QStringList arguments = result.command.mid(result.command.indexOf(program.section(u'/', -1)) + 1);
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
    env.insert(u"HOME"_s, home);
    check.setProcessEnvironment(env);
    check.start(program, arguments);
    if (!check.waitForFinished(kTimeoutMs)) {
        *error = program + u" -t did not finish"_s;
        return false;
    }
    const QString output = QString::fromLocal8Bit(check.readAll());
    *error = output + u"\n---\n"_s + QString::fromUtf8(result.config);
    return check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0;
}

// lighttpd's TLS is a module of its own package (Debian's lighttpd-mod-openssl).
bool lighttpdLacksTls(Server server)
{
    return server == Server::Lighttpd && !QFileInfo::exists(u"/usr/lib/lighttpd/mod_openssl.so"_s);
}

// A self-signed ECDSA P-256 certificate for `names` (the first its CN) at
// DIR/NAME.pem, its key at DIR/NAME-key.pem, by the openssl command; a
// client that trusts the certificate itself verifies a server that sends it.
bool makeCertificate(const QString &dir, const QString &name, const QStringList &names)
{
    QStringList dns;
    for (const QString &n : names)
        dns.append(u"DNS:"_s + n);
    QProcess openssl;
    openssl.setProcessChannelMode(QProcess::MergedChannels);
    openssl.start(u"openssl"_s,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s,
            u"-nodes"_s, u"-days"_s, u"2"_s, u"-subj"_s, u"/CN="_s + names.first(), u"-addext"_s,
            u"subjectAltName="_s + dns.join(u','), u"-keyout"_s, dir + u'/' + name + u"-key.pem"_s, u"-out"_s,
            dir + u'/' + name + u".pem"_s });
    if (!openssl.waitForFinished(kTimeoutMs) || openssl.exitCode() != 0) {
        qWarning().noquote() << openssl.readAll();
        return false;
    }
    // Read by the server's workers when they are another user.
    return QFile::setPermissions(dir + u'/' + name + u"-key.pem"_s,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
}

// GET https://NAME:PORT/PATH with curl, trusting `ca` only (empty: -k);
// the answer's head and body (curl -i, HTTP/1.1 as Hostbench speaks it),
// empty when curl failed.
QByteArray curlGet(quint16 port, const QString &name, const QString &path, const QString &ca,
    const QString &scheme = u"https"_s)
{
    QStringList arguments { u"-sS"_s, u"-i"_s, u"--http1.1"_s, u"--max-time"_s, u"10"_s, u"--resolve"_s,
        u"%1:%2:127.0.0.1"_s.arg(name).arg(port) };
    if (scheme == u"https"_s)
        arguments += ca.isEmpty() ? QStringList { u"-k"_s } : QStringList { u"--cacert"_s, ca };
    arguments.append(u"%1://%2:%3%4"_s.arg(scheme, name).arg(port).arg(path));
    QProcess curl;
    curl.start(u"curl"_s, arguments);
    if (!curl.waitForFinished(kTimeoutMs) || curl.exitCode() != 0) {
        qWarning().noquote() << "curl" << arguments.join(u' ') << curl.readAllStandardError();
        return {};
    }
    return curl.readAllStandardOutput();
}

// GET https://NAME:PORT/PATH with curl over HTTP/2 (h2 by ALPN, curl
// offering h2 and http/1.1), trusting `ca` only: the body followed by the
// HTTP version curl used ("2", "1.1"); empty when curl failed.
QByteArray curlGetH2(quint16 port, const QString &name, const QString &path, const QString &ca)
{
    const QStringList arguments { u"-sS"_s, u"--http2"_s, u"--max-time"_s, u"10"_s, u"--resolve"_s,
        u"%1:%2:127.0.0.1"_s.arg(name).arg(port), u"--cacert"_s, ca, u"-w"_s, u"%{http_version}"_s,
        u"https://%1:%2%3"_s.arg(name).arg(port).arg(path) };
    QProcess curl;
    curl.start(u"curl"_s, arguments);
    if (!curl.waitForFinished(kTimeoutMs) || curl.exitCode() != 0) {
        qWarning().noquote() << "curl" << arguments.join(u' ') << curl.readAllStandardError();
        return {};
    }
    return curl.readAllStandardOutput();
}

// Whether a second TLS 1.2 connection to 127.0.0.1:PORT (SNI `name`)
// resumes the first one's session: with no server-side session cache, only
// a session ticket can (openssl s_client -sess_out, then -sess_in).
bool resumesByTicket(quint16 port, const QString &name, const QString &sessionFile)
{
    const QStringList common { u"s_client"_s, u"-connect"_s, u"127.0.0.1:%1"_s.arg(port), u"-servername"_s,
        name, u"-tls1_2"_s };
    QByteArray second;
    for (const QString &flag : { u"-sess_out"_s, u"-sess_in"_s }) {
        QProcess openssl;
        openssl.setProcessChannelMode(QProcess::MergedChannels);
        openssl.start(u"openssl"_s, common + QStringList { flag, sessionFile });
        openssl.closeWriteChannel();
        if (!openssl.waitForFinished(kTimeoutMs))
            return false;
        second = openssl.readAll();
    }
    if (!second.contains("Reused, TLSv1.2"))
        qWarning().noquote() << second;
    return second.contains("Reused, TLSv1.2");
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
    void proxyText_data();
    void proxyText();
    void proxyAccepted_data();
    void proxyAccepted();
    void benchmarkPools_data();
    void benchmarkPools();
    void proxyPoolServes_data();
    void proxyPoolServes();
    void phpText_data();
    void phpText();
    void phpAccepted_data();
    void phpAccepted();
    void phpBesideProxy();
    void tlsText_data();
    void tlsText();
    void tlsAccepted_data();
    void tlsAccepted();
    void tlsServes_data();
    void tlsServes();

private:
    QList<VirtualHost> sites() const;
    QList<VirtualHost> proxiedSites(const QString &variant, quint16 upstream) const;
    QList<VirtualHost> phpSites(const QString &variant, ExportOptions *options) const;
    QList<VirtualHost> tlsSites(ExportOptions *options) const;

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
    QTest::newRow("a proxied path with a quote") << 17 << u"cannot be exported"_s;
    QTest::newRow("an invalid upstream") << 18 << u"the site b.test: Proxy 1:"_s;
    QTest::newRow("an upstream path with a brace") << 19 << u"\"/v{1}\" cannot be exported"_s;
    QTest::newRow("PHP auto without the pool's socket") << 20 << u"needs that pool's socket"_s;
    QTest::newRow("a PHP socket with a space") << 21 << u"\"/tmp/a b.sock\" cannot be exported"_s;
    QTest::newRow("an invalid PHP address") << 22 << u"the site b.test:"_s;
    QTest::newRow("TLS without a certificate") << 23 << u"the site b.test has no certificate"_s;
    QTest::newRow("TLS on port 0") << 24 << u"the TLS listener needs a port"_s;
    QTest::newRow("TLS on the cleartext port") << 25 << u"a port of its own"_s;
    QTest::newRow("a relative certificate") << 26 << u"The certificate \"a.pem\""_s;
    QTest::newRow("TLS on a name") << 27 << u"the TLS listen address"_s;
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
    case 17:
        list[0].proxy.routes = { { u"/a\"b"_s, u"http://127.0.0.1:9000"_s } };
        break;
    case 18:
        list[0].proxy.routes = { { u"/api"_s, u"ftp://127.0.0.1:9000"_s } };
        break;
    case 19:
        list[0].proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9000/v{1}"_s } };
        break;
    case 20:
        list[0].php.address = u"auto"_s;
        break;
    case 21:
        list[0].php.address = u"unix:/tmp/a b.sock"_s;
        break;
    case 22:
        list[0].php.address = u"127.0.0.1"_s; // no port
        break;
    case 23:
        options.config.tlsEnabled = true;
        break;
    case 24:
    case 25:
    case 27:
        options.config.tlsEnabled = true;
        options.siteCertificates.insert(u"a.test"_s, { u"/c/a.pem"_s, u"/c/a-key.pem"_s });
        options.siteCertificates.insert(u"b.test"_s, { u"/c/b.pem"_s, u"/c/b-key.pem"_s });
        if (kind == 24)
            options.config.tlsPort = 0;
        else if (kind == 25)
            options.config.tlsPort = options.config.port;
        else
            options.config.tlsListenAddress = u"localhost"_s;
        break;
    case 26:
        options.config.tlsEnabled = true;
        options.siteCertificates.insert(u"b.test"_s, { u"/c/b.pem"_s, u"/c/b-key.pem"_s });
        list[1].tls.certificatePath = u"a.pem"_s;
        list[1].tls.keyPath = u"/c/a-key.pem"_s;
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
    QVERIFY2(checkConfig(server, program, *result, options, m_dir->filePath(u"home"_s), &error),
        qPrintable(error));
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

// The sites of sites() with a.test proxied as `variant` says, to upstreams on
// `upstream` (and the next port, and a socket in the test's folder).
QList<VirtualHost> TestConfigWriter::proxiedSites(const QString &variant, quint16 upstream) const
{
    QList<VirtualHost> list = sites();
    VirtualHost &a = list[1];
    const QString http = u"http://127.0.0.1:%1"_s.arg(upstream);
    if (variant == u"whole site"_s) {
        a.proxy.routes = { { u"/"_s, http } };
    } else if (variant == u"prefix with a base path"_s) {
        a.proxy.routes = { { u"/api"_s, http + u"/v1"_s } };
    } else if (variant == u"two prefixes"_s) {
        a.proxy.routes = { { u"/api"_s, http + u"/v1/"_s },
            { u"/api/admin/"_s, u"http://127.0.0.1:%1"_s.arg(upstream + 1) } };
    } else if (variant == u"unix socket"_s) {
        a.proxy.routes = { { u"/app"_s, u"unix:"_s + m_dir->filePath(u"app.sock"_s) } };
    } else if (variant == u"send upstream host"_s) {
        a.proxy.routes = { { u"/ok"_s, http }, { u"/api"_s, u"http://127.0.0.1:%1/v1"_s.arg(upstream + 1) } };
        a.proxy.sendUpstreamHost = true;
        a.proxy.upstreamTimeoutMs = 2500;
    }
    return list;
}

namespace {

const QStringList kVariants = { u"whole site"_s, u"prefix with a base path"_s, u"two prefixes"_s,
    u"unix socket"_s, u"send upstream host"_s };

} // namespace

void TestConfigWriter::proxyText_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QStringList>("expected");
    const QString sock = u"SOCK"_s;
    // nginx: an upstream block with a keep-alive pool, whole-segment
    // locations (= /p and /p/), the prefix replaced by the base path.
    const QStringList nginxCommon { u"proxy_http_version 1.1;"_s, u"keepalive 32;"_s,
        u"proxy_set_header Connection $connection_upgrade;"_s, u"proxy_set_header Upgrade $http_upgrade;"_s,
        u"map $http_upgrade $connection_upgrade {"_s, u"proxy_set_header X-Forwarded-For $remote_addr;"_s,
        u"proxy_set_header X-Forwarded-Proto $scheme;"_s, u"proxy_set_header X-Forwarded-Host $http_host;"_s,
        u"proxy_redirect off;"_s };
    QTest::newRow("nginx whole site") << Server::Nginx << kVariants.at(0)
                                      << nginxCommon
            + QStringList {
                  u"server 127.0.0.1:9000;"_s,
                  u"location / {\n            proxy_pass http://hostbench_upstream_0;\n"_s,
                  u"proxy_set_header Host $http_host;"_s,
                  u"proxy_read_timeout 60000ms;"_s,
              };
    QTest::newRow("nginx prefix with a base path") << Server::Nginx << kVariants.at(1)
                                                   << nginxCommon
            + QStringList {
                  u"location = /api {\n            proxy_pass http://hostbench_upstream_0/v1;\n"_s,
                  u"location /api/ {\n            proxy_pass http://hostbench_upstream_0/v1/;\n"_s,
              };
    QTest::newRow("nginx two prefixes") << Server::Nginx << kVariants.at(2)
                                        << nginxCommon
            + QStringList {
                  // Pools in the order first used, longest prefix first.
                  u"upstream hostbench_upstream_0 {\n        server 127.0.0.1:9001;"_s,
                  u"upstream hostbench_upstream_1 {\n        server 127.0.0.1:9000;"_s,
                  u"location = /api/admin {\n            proxy_pass http://hostbench_upstream_0;\n"_s,
                  u"location /api/admin/ {\n            proxy_pass http://hostbench_upstream_0;\n"_s,
                  u"location = /api {\n            proxy_pass http://hostbench_upstream_1/v1/;\n"_s,
                  u"location /api/ {\n            proxy_pass http://hostbench_upstream_1/v1/;\n"_s,
              };
    QTest::newRow("nginx unix socket") << Server::Nginx << kVariants.at(3)
                                       << nginxCommon
            + QStringList { u"server unix:SOCK;"_s,
                  u"location /app/ {\n            proxy_pass http://hostbench_upstream_0;\n"_s };
    QTest::newRow("nginx send upstream host") << Server::Nginx << kVariants.at(4)
                                              << nginxCommon
            + QStringList {
                  u"proxy_set_header Host \"127.0.0.1:9001\";"_s,
                  u"proxy_connect_timeout 2500ms;"_s,
                  u"server 127.0.0.1:9001;"_s,
                  // The fixed route /ok answers first: no exact proxy location beside it.
                  u"location = /ok {\n            # Hostbench"_s,
                  u"location /ok/ {\n            proxy_pass http://hostbench_upstream_1;\n"_s,
              };
    // Caddy: a whole-segment path_regexp (Caddy's path matcher ignores
    // case), the base path by rewrite, reverse_proxy's HTTP/1.1 pool.
    const QStringList caddyCommon { u"transport http {\n                versions 1.1\n"_s,
        u"keepalive_idle_conns_per_host 32"_s, u"compression off"_s,
        u"header_up Forwarded \"for={remote_host};host=\\\"{hostport}\\\";proto={scheme}\""_s };
    QTest::newRow("caddy whole site") << Server::Caddy << kVariants.at(0)
                                      << caddyCommon
            + QStringList {
                  u"path_regexp proxy0 \"^/(.*)$\"\n        not path /ok /price\n"_s,
                  u"handle @proxy0 {\n        reverse_proxy 127.0.0.1:9000 {"_s,
                  u"dial_timeout 60000ms"_s,
              };
    QTest::newRow("caddy prefix with a base path") << Server::Caddy << kVariants.at(1)
                                                   << caddyCommon
            + QStringList { u"path_regexp proxy0 \"^/api(/.*)?$\""_s, u"rewrite * \"/v1{re.proxy0.1}\""_s };
    QTest::newRow("caddy two prefixes") << Server::Caddy << kVariants.at(2)
                                        << caddyCommon
            + QStringList { u"path_regexp proxy0 \"^/api/admin(/.*)?$\""_s,
                  u"reverse_proxy 127.0.0.1:9001 {"_s, u"path_regexp proxy1 \"^/api(?:/(.*))?$\""_s,
                  u"rewrite * \"/v1/{re.proxy1.1}\""_s };
    QTest::newRow("caddy unix socket")
        << Server::Caddy << kVariants.at(3) << caddyCommon + QStringList { u"reverse_proxy unix/SOCK {"_s };
    QTest::newRow("caddy send upstream host") << Server::Caddy << kVariants.at(4)
                                              << caddyCommon
            + QStringList { u"header_up Host \"127.0.0.1:9001\""_s, u"response_header_timeout 2500ms"_s,
                  u"path_regexp proxy1 \"^/ok(/.*)?$\"\n        not path /ok\n"_s };
    // Apache: mod_proxy_http, the prefix itself by ProxyPassMatch and what
    // lies below by ProxyPass, longest first, WebSocket by upgrade=.
    const QStringList apacheCommon { u"LoadModule proxy_http_module"_s, u"ProxyAddHeaders Off"_s,
        u"RequestHeader set X-Forwarded-For \"expr=%{REMOTE_ADDR}\""_s,
        u"RequestHeader set X-Forwarded-Host \"expr=%{HTTP_HOST}\""_s, u"upgrade=websocket"_s, u"ttl=30"_s,
        u"RequestHeader unset Proxy-Authorization"_s };
    QTest::newRow("apache whole site") << Server::Apache << kVariants.at(0)
                                       << apacheCommon
            + QStringList {
                  u"ProxyPreserveHost On"_s, u"ProxyPass \"/ok\" \"!\"\n    ProxyPass \"/price\" \"!\"\n"_s,
                  u"ProxyPass \"/\" \"http://127.0.0.1:9000/\" upgrade=websocket timeout=60 connectiontimeout=60"_s
              };
    QTest::newRow("apache prefix with a base path") << Server::Apache << kVariants.at(1)
                                                    << apacheCommon
            + QStringList {
                  u"ProxyPass \"/api/\" \"http://127.0.0.1:9000/v1/\""_s,
                  u"ProxyPassMatch \"^/api[^/]\" \"!\"\n    ProxyPass \"/api\" \"http://127.0.0.1:9000/v1\" upgrade"_s
              };
    QTest::newRow("apache two prefixes") << Server::Apache << kVariants.at(2)
                                         << apacheCommon
            + QStringList {
                  u"ProxyPass \"/api/admin/\" \"http://127.0.0.1:9001/api/admin/\" upgrade=websocket "
                  u"timeout=60 "
                  "connectiontimeout=60 ttl=30 nocanon\n    ProxyPassMatch \"^/api/admin[^/]\" \"!\"\n"
                  "    ProxyPass \"/api/admin\" \"http://127.0.0.1:9001/api/admin\" upgrade"_s,
                  u"    # /api -> http://127.0.0.1:9000/v1/\n    ProxyPass \"/api/\" \"http://127.0.0.1:9000/v1/\""_s,
                  u"ProxyPass \"/api\" \"http://127.0.0.1:9000/v1/\""_s
              };
    QTest::newRow("apache unix socket")
        << Server::Apache << kVariants.at(3)
        << apacheCommon + QStringList { u"ProxyPass \"/app/\" \"unix:SOCK|http://localhost/app/\""_s };
    QTest::newRow("apache send upstream host") << Server::Apache << kVariants.at(4)
                                               << apacheCommon
            + QStringList { u"ProxyPreserveHost Off"_s, u"timeout=3 connectiontimeout=3"_s,
                  u"ProxyPass \"/ok\" \"!\"\n"_s };
    // lighttpd: one condition chain, longest first, whole segments;
    // map-urlpath for the base path; upgrades enabled.
    const QStringList lighttpdCommon { u"\"mod_setenv\", \"mod_proxy\""_s,
        u"setenv.set-request-header = ( \"X-Forwarded-For\" => \"\""_s, u"\"upgrade\" => \"enable\""_s,
        u"proxy.forwarded = ( \"for\" => 1, \"proto\" => 1, \"host\" => 1 )"_s };
    QTest::newRow("lighttpd whole site") << Server::Lighttpd << kVariants.at(0)
                                         << lighttpdCommon
            + QStringList {
                  u"$HTTP[\"url\"] !~ \"^(/ok|/price)$\" {"_s,
                  u"$HTTP[\"url\"] =~ \"^/\" {\n            proxy.server = ( \"\" => ( ( \"host\" => \"127.0.0.1\", \"port\" => 9000, \"connect-timeout\" => 60"_s
              };
    QTest::newRow("lighttpd prefix with a base path") << Server::Lighttpd << kVariants.at(1)
                                                      << lighttpdCommon
            + QStringList { u"$HTTP[\"url\"] =~ \"^/api(/|$)\" {"_s,
                  u"\"map-urlpath\" => ( \"/api\" => \"/v1\" )"_s };
    QTest::newRow("lighttpd two prefixes") << Server::Lighttpd << kVariants.at(2)
                                           << lighttpdCommon
            + QStringList { u"$HTTP[\"url\"] =~ \"^/api/admin(/|$)\" {"_s,
                  u"else $HTTP[\"url\"] =~ \"^/api(/|$)\" {"_s,
                  u"\"map-urlpath\" => ( \"/api/\" => \"/v1/\", \"/api\" => \"/v1/\" )"_s };
    QTest::newRow("lighttpd unix socket") << Server::Lighttpd << kVariants.at(3)
                                          << lighttpdCommon + QStringList { u"( ( \"socket\" => \"SOCK\""_s };
    QTest::newRow("lighttpd send upstream host") << Server::Lighttpd << kVariants.at(4)
                                                 << lighttpdCommon
            + QStringList { u"\"map-host-request\" => ( \"-\" => \"127.0.0.1:9001\" )"_s,
                  u"\"read-timeout\" => 3"_s, u"$HTTP[\"url\"] !~ \"^(/ok)$\" {"_s };
    // h2o: a path per prefix (h2o matches whole segments, longest first).
    const QStringList h2oCommon { u"proxy.header.unset: \"x-forwarded-for\""_s, u"proxy.websocket: ON"_s,
        u"proxy.timeout.keepalive: 30000"_s };
    QTest::newRow("h2o whole site") << Server::H2o << kVariants.at(0)
                                    << h2oCommon
            + QStringList {
                  u"\"/\":\n        proxy.reverse.url: \"http://127.0.0.1:9000/\"\n        proxy.preserve-host: ON\n"_s,
                  u"proxy.timeout.io: 60000"_s, u"# The whole site is proxied"_s
              };
    QTest::newRow("h2o prefix with a base path") << Server::H2o << kVariants.at(1)
                                                 << h2oCommon
            + QStringList { u"\"/api\":\n        proxy.reverse.url: \"http://127.0.0.1:9000/v1\"\n"_s,
                  u"        error-doc:\n          - status: 404\n            url: \"/404.html\"\n"_s };
    QTest::newRow("h2o two prefixes") << Server::H2o << kVariants.at(2)
                                      << h2oCommon
            + QStringList {
                  u"\"/api/admin\":\n        proxy.reverse.url: \"http://127.0.0.1:9001/api/admin\"\n"_s,
                  u"\"/api\":\n        proxy.reverse.url: \"http://127.0.0.1:9000/v1\"\n"_s
              };
    QTest::newRow("h2o unix socket") << Server::H2o << kVariants.at(3)
                                     << h2oCommon
            + QStringList { u"proxy.reverse.url: \"http://[unix:SOCK]/app\""_s };
    QTest::newRow("h2o send upstream host")
        << Server::H2o << kVariants.at(4)
        << h2oCommon + QStringList { u"proxy.preserve-host: OFF"_s, u"proxy.timeout.io: 2500"_s };
}

// The proxy configuration each writer gives each variant: the directives
// that make it behave as the engine's proxy.
void TestConfigWriter::proxyText()
{
    QFETCH(Server, server);
    QFETCH(QString, variant);
    QFETCH(QStringList, expected);
    ExportOptions options;
    options.server = server;
    QString error;
    const std::optional<ExportResult> result
        = ConfigWriter::write(proxiedSites(variant, 9000), options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    for (QString piece : expected) {
        piece.replace(u"SOCK"_s, m_dir->filePath(u"app.sock"_s));
        QVERIFY2(text.contains(piece), qPrintable(u"missing:\n"_s + piece + u"\n--- in:\n"_s + text));
    }
    // The other site (b.test) proxies nothing.
    const QString b = text.mid(text.indexOf(u"b.test"_s));
    QVERIFY(!text.isEmpty() && !b.isEmpty());
}

void TestConfigWriter::benchmarkPools_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nginx") << Server::Nginx << u"keepalive 64;"_s;
    QTest::newRow("caddy") << Server::Caddy << u"keepalive_idle_conns_per_host 64"_s;
    // Apache's pool per child is ThreadsPerChild connections (mod_proxy's default), reused.
    QTest::newRow("apache") << Server::Apache << u"ThreadsPerChild 128"_s;
    QTest::newRow("h2o") << Server::H2o << u"proxy.timeout.keepalive: 30000"_s;
}

// The benchmark flavour (W6p in tests/perf and the shootout) gives each
// server an upstream pool above the load's 50 clients.
void TestConfigWriter::benchmarkPools()
{
    QFETCH(Server, server);
    QFETCH(QString, expected);
    ExportOptions options;
    options.server = server;
    options.flavour = Flavour::Benchmark;
    options.prefix = m_dir->filePath(u"bench"_s);
    QString error;
    const std::optional<ExportResult> result
        = ConfigWriter::write(proxiedSites(u"prefix with a base path"_s, 9000), options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    QVERIFY2(text.contains(expected), qPrintable(text));
    QVERIFY(!text.contains(u"keepalive 32;"_s) && !text.contains(u"keepalive_idle_conns_per_host 32"_s));
}

void TestConfigWriter::proxyAccepted_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<Flavour>("flavour");
    QTest::addColumn<QString>("variant");
    for (Server server : ConfigWriter::servers()) {
        for (const QString &variant : kVariants) {
            for (Flavour flavour : { Flavour::Production, Flavour::Benchmark })
                QTest::addRow("%s %s %s", qPrintable(ConfigWriter::name(server)), qPrintable(variant),
                    flavour == Flavour::Production ? "production" : "benchmark")
                    << server << flavour << variant;
        }
    }
}

// Each server's own check (as serverAcceptsIt) of each proxied variant.
void TestConfigWriter::proxyAccepted()
{
    QFETCH(Server, server);
    QFETCH(Flavour, flavour);
    QFETCH(QString, variant);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    ExportOptions options;
    options.server = server;
    options.flavour = flavour;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"prefix"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    QString error;
    const std::optional<ExportResult> result
        = ConfigWriter::write(proxiedSites(variant, freePort()), options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QVERIFY2(checkConfig(server, program, *result, options, m_dir->filePath(u"home"_s), &error),
        qPrintable(error));
}

void TestConfigWriter::proxyPoolServes_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<int>("maxConnections");
    // lighttpd 1.4.69's mod_proxy has no keep-alive pool: a connection per request.
    for (Server server : ConfigWriter::servers())
        QTest::newRow(qPrintable(ConfigWriter::name(server)))
            << server << (server == Server::Lighttpd ? 20 : 2);
}

// As tests/perf measures W6p: the benchmark flavour started for real in front
// of the test's upstream app, 20 requests one after another (5 on each of 4
// keep-alive client connections) to a proxied prefix with a base path: each is
// mapped as the engine maps it, goes over the server's keep-alive pool (at
// most `maxConnections` upstream connections), and files beside the prefix
// are still served from the document root.
void TestConfigWriter::proxyPoolServes()
{
    QFETCH(Server, server);
    QFETCH(int, maxConnections);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    const quint16 upstreamPort = freePort();
    QProcess upstream;
    upstream.start(
        u"python3"_s, { QStringLiteral(HOSTBENCH_UPSTREAM_SCRIPT), u"tcp"_s, QString::number(upstreamPort) });
    QVERIFY(upstream.waitForReadyRead(kTimeoutMs));
    QCOMPARE(upstream.readLine().trimmed(), QByteArray("ready"));
    ExportOptions options;
    options.server = server;
    options.flavour = Flavour::Benchmark;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"bench"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    if (::geteuid() == 0)
        options.user = u"root"_s;
    QString error;
    const std::optional<ExportResult> result
        = ConfigWriter::write(proxiedSites(u"prefix with a base path"_s, upstreamPort), options, &error);
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
    QList<QByteArray> answers;
    for (int c = 0; c < 4; ++c) {
        QList<QByteArray> paths;
        for (int i = 0; i < 5; ++i)
            paths.append("/api/n?i=" + QByteArray::number(c * 5 + i));
        answers += getKeptAlive(options.config.port, "a.test", paths);
    }
    QCOMPARE(answers.size(), 20);
    const QByteArray beside = get(options.config.port, "a.test", "/apix");
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs))
        process.kill();
    process.waitForFinished();
    upstream.kill();
    upstream.waitForFinished();
    QVERIFY2(file.endsWith("\r\n\r\nx-file\n"), qPrintable(QString::fromLocal8Bit(file + process.readAll())));
    QSet<int> connections;
    for (int i = 0; i < answers.size(); ++i) {
        const QByteArray &answer = answers.at(i);
        QVERIFY2(answer.startsWith("HTTP/1.1 200"),
            qPrintable(QString::fromLocal8Bit(answer + process.readAll())));
        const QJsonObject json = QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
        QCOMPARE(json.value(u"target"_s).toString(), u"/v1/n?i=%1"_s.arg(i));
        connections.insert(json.value(u"connection"_s).toInt());
    }
    QVERIFY2(connections.size() <= maxConnections,
        qPrintable(u"%1 upstream connections for 20 requests; the last answer:\n%2"_s.arg(
            QString::number(connections.size()), QString::fromUtf8(answers.last()))));
    // "/apix" is no segment of "/api": the site's own 404.
    QVERIFY2(beside.startsWith("HTTP/1.1 404"), beside.constData());
}

// The sites of sites() with a.test running PHP as `variant` says (issue #25):
// PHP-FPM on a socket in the test's folder (SOCK), Hostbench's own pool
// ("auto", its socket given in *options: AUTO) or TCP on 127.0.0.1:9000.
QList<VirtualHost> TestConfigWriter::phpSites(const QString &variant, ExportOptions *options) const
{
    QList<VirtualHost> list = sites();
    VirtualHost &a = list[1];
    a.php.address = u"unix:"_s + m_dir->filePath(u"php.sock"_s);
    if (variant == u"prefix"_s) {
        a.php.pathPrefix = u"/blog/"_s;
        a.php.frontController = true;
    } else if (variant == u"front controller"_s) {
        a.php.frontController = true;
    } else if (variant == u"unix socket"_s) {
        a.php.address = u"auto"_s;
        options->phpAutoSocket = m_dir->filePath(u"data/php/php-fpm.sock"_s);
    } else if (variant == u"tcp"_s) {
        a.php.address = u"127.0.0.1:9000"_s;
        a.php.timeoutMs = 2500;
    }
    return list;
}

namespace {

const QStringList kPhpVariants
    = { u"whole site"_s, u"prefix"_s, u"front controller"_s, u"unix socket"_s, u"tcp"_s };

// The expected pieces of each server's PHP configuration, per variant (SOCK:
// the test's socket, AUTO: the "auto" pool's); `common` goes with each row.
void addPhpRows(Server server, const QStringList &common, const QList<QStringList> &perVariant)
{
    for (qsizetype i = 0; i < kPhpVariants.size(); ++i)
        QTest::addRow("%s %s", qPrintable(ConfigWriter::name(server)), qPrintable(kPhpVariants.at(i)))
            << server << kPhpVariants.at(i) << common + perVariant.at(i);
}

} // namespace

void TestConfigWriter::phpText_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QStringList>("expected");
    // nginx: the split script location with try_files on the script (the
    // cgi.fix_pathinfo hole closed), the params inline, a keep-alive pool.
    addPhpRows(Server::Nginx,
        { u"fastcgi_split_path_info ^(.+?\\.php)(/.*)$;"_s, u"set $hostbench_path_info $fastcgi_path_info;"_s,
            u"fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;"_s,
            u"fastcgi_param PATH_INFO $hostbench_path_info;"_s, u"fastcgi_param HTTP_PROXY \"\";"_s,
            u"fastcgi_param QUERY_STRING $query_string;"_s, u"fastcgi_keep_conn on;"_s, u"keepalive 2;"_s,
            u"keep worker_processes x keepalive below\n    # the pool's pm.max_children"_s,
            u"location ~ /\\.(?!well-known/) {\n            return 404;"_s },
        {
            { u"upstream hostbench_php_0 {\n        server unix:SOCK;\n"_s, u"location ~ [^/]\\.php(/|$) {"_s,
                u"try_files $fastcgi_script_name =404;"_s,
                u"location / {\n            index index.php index.html;\n        }"_s,
                u"fastcgi_read_timeout 60000ms;"_s },
            { u"location ~ ^/blog/.*[^/]\\.php(/|$) {"_s,
                u"try_files $fastcgi_script_name /blog/index.php =404;"_s,
                u"location /blog/ {\n            index index.php index.html;\n"
                "            try_files $uri $uri/ /blog/index.php?$query_string;"_s,
                u"location ~* \"\\.(php|phps|phtml|phar)[. ]*$\" {\n            if (-f $request_filename) {\n"
                "                return 403;"_s },
            { u"try_files $fastcgi_script_name /index.php =404;"_s,
                u"try_files $uri $uri/ /index.php?$query_string;"_s,
                u"location ~* \"\\.(php|phps|phtml|phar)[. ]*$\" {"_s },
            { u"server unix:AUTO;"_s, u"That is Hostbench's own pool (auto)"_s },
            { u"server 127.0.0.1:9000;"_s, u"fastcgi_read_timeout 2500ms;"_s,
                u"fastcgi_connect_timeout 2500ms;"_s },
        });
    // Caddy: php_fastcgi; its front controller is its default, turned off by try_files.
    addPhpRows(Server::Caddy,
        { u"respond @hostbench_hidden 404"_s, u"respond @hostbench_php_source 403"_s,
            u"env SERVER_NAME a.test"_s },
        {
            { u"php_fastcgi unix/SOCK {"_s, u"try_files {path} {path}/index.php =404"_s,
                u"read_timeout 60000ms"_s },
            { u"@hostbench_php {\n        path /blog /blog/*\n    }\n    handle @hostbench_php {"_s,
                u"try_files {path} {path}/index.php /blog/index.php"_s,
                u"path_regexp php_source \"(?i)\\.(php|phps|phtml|phar)[. ]*$\"\n"
                "        not path_regexp \"^/blog/.*\\.php$\"\n        file\n"_s,
                u"    respond @hostbench_php_source 403\n    @hostbench_php {"_s,
                u"            index index.php index.html\n"_s },
            { u"# The front controller is php_fastcgi's default"_s },
            { u"php_fastcgi unix/AUTO {"_s },
            { u"php_fastcgi 127.0.0.1:9000 {"_s, u"dial_timeout 2500ms"_s },
        });
    // Apache: mod_proxy_fcgi behind FilesMatch for files that exist, a reused worker.
    addPhpRows(Server::Apache,
        { u"LoadModule proxy_fcgi_module"_s, u"LoadModule proxy_module"_s,
            u"<FilesMatch \"(?i)\\.(php|phps|phtml|phar)[. ]*$\">\n            Require all denied"_s,
            u"<FilesMatch \"\\.php$\">\n            Require all granted\n"
            "            <If \"-f %{REQUEST_FILENAME}\">\n"_s,
            u"RedirectMatch 404 \"/\\.(?!well-known/)\""_s,
            u"        DirectoryIndex index.php index.html\n"_s },
        {
            { u"SetHandler \"proxy:unix:SOCK|fcgi://hostbench-php-0\""_s,
                u"<Proxy \"fcgi://hostbench-php-0\" enablereuse=on timeout=60 ttl=30>"_s },
            { u"FallbackResource /blog/index.php"_s, u"<Directory \"ROOT/blog\">"_s },
            { u"FallbackResource /index.php"_s },
            { u"SetHandler \"proxy:unix:AUTO|fcgi://hostbench-php-0\""_s },
            { u"SetHandler \"proxy:fcgi://127.0.0.1:9000\""_s,
                u"<Proxy \"fcgi://127.0.0.1:9000\" enablereuse=on timeout=3 ttl=30>"_s },
        });
    // lighttpd: mod_fastcgi with check-local, url.rewrite-if-not-file.
    addPhpRows(Server::Lighttpd,
        { u"\"mod_fastcgi\""_s, u"\"check-local\" => \"enable\""_s,
            u"index-file.names = ( \"index.php\", \"index.html\" )"_s },
        {
            { u"fastcgi.server = ( \".php\" => ( ( \"socket\" => \"SOCK\""_s,
                u"$HTTP[\"url\"] =~ \"^/\" {"_s },
            { u"$HTTP[\"url\"] =~ \"^/blog/\" {"_s, u"\"\" => \"/blog/index.php${qsa}\""_s },
            { u"url.rewrite-if-not-file = ( \"^([^?]*[^/?]\\.php/[^?]*)(\\?.*)?$\" => \"$1${qsa}\", "
              "\"^([^?]*/)(\\?.*)?$\" => \"$1${qsa}\", \"\" => \"/index.php${qsa}\" )"_s,
                u"static-file.disable-pathinfo = \"enable\""_s },
            { u"( ( \"socket\" => \"AUTO\""_s },
            { u"( ( \"host\" => \"127.0.0.1\", \"port\" => 9000"_s, u"\"read-timeout\" => 3"_s },
        });
    // h2o: file.custom-handler with fastcgi.connect; no front controller (a comment says so).
    addPhpRows(Server::H2o,
        { u"file.custom-handler:\n          extension: .php\n          fastcgi.connect:\n"_s,
            u"fastcgi.timeout.keepalive: 0"_s,
            u"takes no other, and h2o has no bound below pm.max_children"_s,
            u"file.index: [ \"index.php\", \"index.html\" ]"_s },
        {
            { u"port: \"SOCK\"\n            type: unix\n"_s, u"fastcgi.timeout.io: 60000"_s },
            { u"      \"/blog\":\n        file.dir: \"ROOT/blog\"\n"_s,
                u"The front controller (missing files -> /blog/index.php) is not exported"_s },
            { u"The front controller (missing files -> /index.php) is not exported"_s },
            { u"port: \"AUTO\"\n"_s },
            { u"host: 127.0.0.1\n            port: 9000\n            type: tcp\n"_s,
                u"fastcgi.timeout.io: 2500"_s },
        });
}

// The PHP configuration each writer gives each variant: the directives that
// make it run the same scripts as the engine.
void TestConfigWriter::phpText()
{
    QFETCH(Server, server);
    QFETCH(QString, variant);
    QFETCH(QStringList, expected);
    ExportOptions options;
    options.server = server;
    QString error;
    const std::optional<ExportResult> result
        = ConfigWriter::write(phpSites(variant, &options), options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    for (QString piece : expected) {
        piece.replace(u"SOCK"_s, m_dir->filePath(u"php.sock"_s));
        piece.replace(u"AUTO"_s, m_dir->filePath(u"data/php/php-fpm.sock"_s));
        piece.replace(u"ROOT"_s, m_dir->filePath(u"a"_s));
        QVERIFY2(text.contains(piece), qPrintable(u"missing:\n"_s + piece + u"\n--- in:\n"_s + text));
    }
    // b.test runs no PHP: one site's worth of PHP only.
    QCOMPARE(text.count(u"# PHP (issue #25)"_s), 1);
}

void TestConfigWriter::phpAccepted_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<Flavour>("flavour");
    QTest::addColumn<QString>("variant");
    for (Server server : ConfigWriter::servers()) {
        for (const QString &variant : kPhpVariants) {
            for (Flavour flavour : { Flavour::Production, Flavour::Benchmark })
                QTest::addRow("%s %s %s", qPrintable(ConfigWriter::name(server)), qPrintable(variant),
                    flavour == Flavour::Production ? "production" : "benchmark")
                    << server << flavour << variant;
        }
    }
}

// Each server's own check (as serverAcceptsIt) of each PHP variant, a proxied
// prefix beside it (the proxy's location wins over nginx's PHP regex).
void TestConfigWriter::phpAccepted()
{
    QFETCH(Server, server);
    QFETCH(Flavour, flavour);
    QFETCH(QString, variant);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    ExportOptions options;
    options.server = server;
    options.flavour = flavour;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"prefix"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    QList<VirtualHost> list = phpSites(variant, &options);
    list[1].proxy.routes = { { u"/api"_s, u"http://127.0.0.1:%1/v1"_s.arg(freePort()) } };
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(list, options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY(QString::fromUtf8(result->config).contains(u"# PHP (issue #25)"_s));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QVERIFY2(checkConfig(server, program, *result, options, m_dir->filePath(u"home"_s), &error),
        qPrintable(error));
}

// A proxied prefix of a PHP site answers before PHP (as in the engine):
// nginx's proxy locations become `^~` so that its `location ~ \.php` does not
// take /api/x.php; the site's own PHP location stays. Without PHP they stay
// plain (proxyText).
void TestConfigWriter::phpBesideProxy()
{
    ExportOptions options;
    QList<VirtualHost> list = phpSites(u"whole site"_s, &options);
    list[1].proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9000/v1"_s } };
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(list, options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    QVERIFY2(text.contains(u"location ^~ /api/ {\n            proxy_pass http://hostbench_upstream_0/v1/;"_s),
        qPrintable(text));
    QVERIFY(text.contains(u"location ~ [^/]\\.php(/|$) {"_s));
    QVERIFY(text.indexOf(u"location ^~ /api/"_s) < text.indexOf(u"location ~ [^/]"_s));
}

// sites() with HTTPS (issue #26) on 127.0.0.1:8443 (options->config): a.test
// with its own certificate, a 308 from cleartext and HSTS, b.test on the one
// the caller gives (siteCertificates, as the local CA's would be).
QList<VirtualHost> TestConfigWriter::tlsSites(ExportOptions *options) const
{
    QList<VirtualHost> list = sites();
    VirtualHost &a = list[1];
    a.tls.certificatePath = m_dir->filePath(u"a.pem"_s);
    a.tls.keyPath = m_dir->filePath(u"a-key.pem"_s);
    a.tls.redirectToHttps = true;
    a.tls.hstsMaxAgeSeconds = 3600;
    options->config.tlsEnabled = true;
    options->config.tlsPort = 8443;
    options->siteCertificates.insert(
        u"b.test"_s, { m_dir->filePath(u"b.pem"_s), m_dir->filePath(u"b-key.pem"_s) });
    return list;
}

void TestConfigWriter::tlsText_data()
{
    QTest::addColumn<Server>("server");
    QTest::addColumn<QStringList>("expected"); // A and B: the certificates' folder
    QTest::newRow("nginx")
        << Server::Nginx
        << QStringList { u"ssl_protocols TLSv1.2 TLSv1.3;"_s, u"ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:"_s,
               u"ssl_conf_command Ciphersuites TLS_AES_128_GCM_SHA256:"_s,
               u"ssl_ecdh_curve X25519:P-256:P-384;"_s, u"ssl_session_tickets on;"_s,
               u"listen 127.0.0.1:8443 ssl http2 default_server;\n        server_name a.test www.a.test;\n"
               "        ssl_certificate \"A/a.pem\";\n        ssl_certificate_key \"A/a-key.pem\";"_s,
               u"listen 127.0.0.1:8443 ssl http2;\n        server_name b.test;\n"
               "        ssl_certificate \"A/b.pem\";"_s,
               u"server_name a.test www.a.test;\n"
               "        # HTTPS only: every cleartext request is sent to the same target over TLS.\n"
               "        return 308 https://$host:8443$request_uri;\n    }"_s,
               u"add_header Strict-Transport-Security \"max-age=3600\" always;"_s };
    QTest::newRow("apache")
        << Server::Apache
        << QStringList { u"LoadModule ssl_module /usr/lib/apache2/modules/mod_ssl.so\n"
                         "LoadModule http2_module /usr/lib/apache2/modules/mod_http2.so\n"_s,
               u"LoadModule mpm_event_module"_s, u"\nProtocols h2 http/1.1\n"_s,
               u"Listen 127.0.0.1:8443 https"_s, u"SSLProtocol -all +TLSv1.2 +TLSv1.3"_s,
               u"SSLCipherSuite TLSv1.3 TLS_AES_128_GCM_SHA256:"_s,
               u"SSLOpenSSLConfCmd Groups X25519:P-256:P-384"_s, u"SSLSessionTickets on"_s,
               u"<VirtualHost 127.0.0.1:8443>\n    ServerName a.test\n    ServerAlias www.a.test\n"_s,
               u"    SSLEngine on\n    SSLCertificateFile \"A/a.pem\"\n"
               "    SSLCertificateKeyFile \"A/a-key.pem\"\n"
               "    Header always set Strict-Transport-Security \"max-age=3600\"\n"_s,
               u"    SSLCertificateFile \"A/b.pem\"\n"_s,
               u"    RewriteRule \"^\" \"https://%{SERVER_NAME}:8443%{REQUEST_URI}\" [R=308,L]\n"
               "</VirtualHost>"_s };
    QTest::newRow("lighttpd")
        << Server::Lighttpd
        << QStringList {
               u"server.modules = ( \"mod_openssl\", \"mod_redirect\", \"mod_alias\", \"mod_setenv\""_s,
               u"$SERVER[\"socket\"] == \"127.0.0.1:8443\" {\n    ssl.engine = \"enable\"\n"
               "    ssl.pemfile = \"A/a.pem\"\n    ssl.privkey = \"A/a-key.pem\"\n"_s,
               u"\"MinProtocol\" => \"TLSv1.2\""_s, u"\"Ciphersuites\" => \"TLS_AES_128_GCM_SHA256:"_s,
               u"\nserver.feature-flags = ( \"server.h2proto\" => \"enable\" )\n"_s,
               u"$HTTP[\"host\"] =~ \"^(b\\.test)(:[0-9]+)?$\" {\n    ssl.pemfile = \"A/b.pem\"\n"_s,
               u"url.redirect = ( \"\" => \"https://%1:8443${url.path}${qsa}\" )"_s,
               u"url.redirect-code = 308"_s,
               u"$HTTP[\"scheme\"] == \"https\" {\n"
               "        setenv.add-response-header = ( \"Strict-Transport-Security\" => \"max-age=3600\" )"_s
           };
    QTest::newRow("caddy")
        << Server::Caddy
        << QStringList { u"default_sni a.test"_s,
               u"http://:8080 {\n    bind 127.0.0.1\n"
               "    # HTTPS only: every cleartext request is sent to the same target over TLS.\n"
               "    redir https://{host}:8443{uri} 308\n}"_s,
               u"https://:8443 {\n    bind 127.0.0.1\n    tls \"A/a.pem\" \"A/a-key.pem\" {\n"
               "        protocols tls1.2 tls1.3\n"_s,
               u"https://b.test:8443 {\n    bind 127.0.0.1\n    tls \"A/b.pem\" \"A/b-key.pem\""_s,
               u"curves x25519 secp256r1 secp384r1"_s, u"        protocols h1 h2\n"_s,
               u"header Strict-Transport-Security \"max-age=3600\""_s };
    QTest::newRow("h2o")
        << Server::H2o
        << QStringList { u"ssl-session-resumption:\n  mode: ticket\n"_s,
               u"  \"a.test:8080\": &site0\n    paths:\n      \"/\":\n"_s,
               u"        redirect:\n          url: \"https://a.test:8443/\"\n          status: 308\n"_s,
               u"  \"a.test:8443\": &tls0\n    listen:\n      host: 127.0.0.1\n      port: 8443\n"
               "      ssl:\n        certificate-file: \"A/a.pem\"\n        key-file: \"A/a-key.pem\"\n"_s,
               u"minimum-version: TLSv1.2"_s, u"cipher-preference: server"_s,
               u"    header.add: \"strict-transport-security: max-age=3600\"\n"_s,
               u"  \"www.a.test:8443\": *tls0\n"_s, u"  \"b.test:8443\": &tls1\n"_s,
               u"certificate-file: \"A/b.pem\""_s };
}

// The TLS listener's text in each writer: protocols, suites, the sites'
// certificates (SNI), a's 308 from cleartext and its HSTS.
void TestConfigWriter::tlsText()
{
    QFETCH(Server, server);
    QFETCH(QStringList, expected);
    ExportOptions options;
    options.server = server;
    const QList<VirtualHost> list = tlsSites(&options);
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(list, options, &error);
    QVERIFY2(result, qPrintable(error));
    const QString text = QString::fromUtf8(result->config);
    for (QString piece : expected) {
        piece.replace(u"A/"_s, m_dir->path() + u'/');
        QVERIFY2(text.contains(piece), qPrintable(u"missing:\n"_s + piece + u"\n--- in:\n"_s + text));
    }
    QVERIFY(text.contains(u"# HTTPS on 127.0.0.1:8443: TLS 1.2 and 1.3"_s));
    // b.test neither redirects nor sends HSTS; a's HSTS only once (its TLS block).
    QCOMPARE(text.count(u"max-age=3600"_s), 1);
    QCOMPARE(text.count(u"308"_s), 1);
    // Without TLS the sites' TLS settings leave no trace.
    options.config.tlsEnabled = false;
    const std::optional<ExportResult> plain = ConfigWriter::write(list, options, &error);
    QVERIFY2(plain, qPrintable(error));
    QVERIFY(!plain->config.contains("8443"));
    QVERIFY(!plain->config.contains("max-age"));
    QVERIFY(!plain->config.contains("a.pem"));
}

void TestConfigWriter::tlsAccepted_data()
{
    serverAcceptsIt_data();
}

// Each server's own check (as serverAcceptsIt) of both flavours with TLS on.
void TestConfigWriter::tlsAccepted()
{
    QFETCH(Server, server);
    QFETCH(Flavour, flavour);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    if (lighttpdLacksTls(server))
        QSKIP("lighttpd's TLS module is not installed (apt-get install lighttpd-mod-openssl)");
    QVERIFY(makeCertificate(m_dir->path(), u"a"_s, { u"a.test"_s, u"www.a.test"_s }));
    QVERIFY(makeCertificate(m_dir->path(), u"b"_s, { u"b.test"_s }));
    ExportOptions options;
    options.server = server;
    options.flavour = flavour;
    const QList<VirtualHost> list = tlsSites(&options);
    options.config.port = freePort();
    options.config.tlsPort = freePort();
    options.prefix = m_dir->filePath(u"prefix"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(list, options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QVERIFY2(checkConfig(server, program, *result, options, m_dir->filePath(u"home"_s), &error),
        qPrintable(error));
}

void TestConfigWriter::tlsServes_data()
{
    benchmarkFlavourServes_data();
}

// The benchmark flavour with TLS, started as the shootout starts it: each
// site over TLS with its own certificate (curl trusting that one only: SNI
// picked it), a's cleartext answer a 308 to the same target over TLS, its
// HSTS over TLS only, and a session resumed by its ticket.
void TestConfigWriter::tlsServes()
{
    QFETCH(Server, server);
    const QString program = findProgram(ConfigWriter::program(server));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(server), ConfigWriter::package(server))));
    if (lighttpdLacksTls(server))
        QSKIP("lighttpd's TLS module is not installed (apt-get install lighttpd-mod-openssl)");
    if (findProgram(u"curl"_s).isEmpty() || findProgram(u"openssl"_s).isEmpty())
        QSKIP("needs curl and openssl");
    QVERIFY(makeCertificate(m_dir->path(), u"a"_s, { u"a.test"_s, u"www.a.test"_s }));
    QVERIFY(makeCertificate(m_dir->path(), u"b"_s, { u"b.test"_s }));
    QFile b(m_dir->filePath(u"b/y.txt"_s));
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("y-file\n");
    b.close();
    ExportOptions options;
    options.server = server;
    options.flavour = Flavour::Benchmark;
    const QList<VirtualHost> list = tlsSites(&options);
    options.config.port = freePort();
    options.config.tlsPort = freePort();
    options.prefix = m_dir->filePath(u"bench"_s);
    options.configPath = options.prefix + u"/server.conf"_s;
    if (::geteuid() == 0)
        options.user = u"root"_s;
    QString error;
    const std::optional<ExportResult> result = ConfigWriter::write(list, options, &error);
    QVERIFY2(result, qPrintable(error));
    QVERIFY2(ConfigWriter::save(*result, &error), qPrintable(error));
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_dir->filePath(u"home"_s));
    process.setProcessEnvironment(env);
    process.start(findProgram(result->command.first()), result->command.mid(1));
    const quint16 tlsPort = options.config.tlsPort;
    const QString aCert = m_dir->filePath(u"a.pem"_s);
    QByteArray a;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!deadline.hasExpired() && process.state() != QProcess::NotRunning && !a.endsWith("x-file\n")) {
        process.waitForFinished(200);
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, tlsPort);
        if (probe.waitForConnected(200))
            a = curlGet(tlsPort, u"a.test"_s, u"/x.txt"_s, aCert);
    }
    const QByteArray alias = curlGet(tlsPort, u"www.a.test"_s, u"/x.txt"_s, aCert);
    const QByteArray bAnswer = curlGet(tlsPort, u"b.test"_s, u"/y.txt"_s, m_dir->filePath(u"b.pem"_s));
    const QByteArray redirect = curlGet(options.config.port, u"a.test"_s, u"/x.txt?q=1"_s, {}, u"http"_s);
    const QByteArray plainB = curlGet(options.config.port, u"b.test"_s, u"/y.txt"_s, {}, u"http"_s);
    const bool resumed = resumesByTicket(tlsPort, u"a.test"_s, m_dir->filePath(u"session.pem"_s));
    const QByteArray h2 = curlGetH2(tlsPort, u"a.test"_s, u"/x.txt"_s, aCert);
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs))
        process.kill();
    process.waitForFinished();
    const QString context = QString::fromLocal8Bit(process.readAll()) + QString::fromUtf8(result->config);
    QVERIFY2(a.startsWith("HTTP/1.1 200") && a.endsWith("\r\n\r\nx-file\n"),
        qPrintable(QString::fromLatin1(a) + context));
    QVERIFY2(a.toLower().contains("\r\nstrict-transport-security: max-age=3600\r\n"), a.constData());
    QVERIFY2(alias.endsWith("\r\n\r\nx-file\n"), alias.constData());
    QVERIFY2(bAnswer.startsWith("HTTP/1.1 200") && bAnswer.endsWith("\r\n\r\ny-file\n"), bAnswer.constData());
    QVERIFY2(!bAnswer.toLower().contains("strict-transport-security"), bAnswer.constData());
    QVERIFY2(redirect.startsWith("HTTP/1.1 308"), redirect.constData());
    const QByteArray location
        = "\r\nlocation: https://a.test:" + QByteArray::number(tlsPort) + "/x.txt?q=1\r\n";
    QVERIFY2(redirect.toLower().contains(location), redirect.constData());
    QVERIFY2(plainB.startsWith("HTTP/1.1 200") && plainB.endsWith("\r\n\r\ny-file\n"), plainB.constData());
    QVERIFY2(resumed, "no resumption by session ticket");
    // HTTP/2 by ALPN on the TLS listener (issue #27: W1h2, W2h2), the same file.
    QVERIFY2(
        h2 == "x-file\n2", qPrintable(u"curl --http2: \""_s + QString::fromLatin1(h2) + u"\""_s + context));
}

QTEST_GUILESS_MAIN(TestConfigWriter)
#include "tst_configwriter.moc"
