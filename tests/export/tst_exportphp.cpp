// Round trip of the PHP export (issue #25): one real PHP-FPM pool
// (php-fpm8.2, started by the test: PhpFpm.h) behind each real server
// (nginx, lighttpd, apache2, caddy, h2o), each run on the configuration
// ConfigWriter writes for the same two PHP sites (app.test: the whole site
// with a front controller, PHP-FPM on a Unix socket; blog.test: the prefix
// /blog, no front controller, PHP-FPM over TCP) (benchmark flavour, under a
// temporary prefix, on a free loopback port), and the same requests sent to
// each. The app is the test's own (writeApp): index.php as the front
// controller, a $_SERVER/$_GET/$_POST JSON dump in every script, a page for
// PATH_INFO, a status page, /uploads/photo.jpg holding PHP code (it must
// never run), PHP source spelled X.PHP, a hidden .env.
//
// What matters is checked against the engine's rules (PhpPlan.h,
// http::matchPhp) for every server: the status, the script that ran (or
// none), the body of a static file, and that photo.jpg never ran. A server
// that cannot do what a case needs has its row in kBehaviour, with the
// reason; a listed row that no longer differs fails too. $_SERVER is
// compared, field by field, with nginx's (the reference of the issue): every
// difference is printed, and one not in kCosmetic fails.
//
// Hostbench (`hostbench-cli serve` on the same two sites in a data folder)
// is one of the servers: its answers are checked against the same rules, and
// its $_SERVER against nginx's.
#include "../FreePort.h"
#include "PhpFpm.h"
#include "export/ConfigWriter.h"
#include "storage/DataFolder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace hostbench::exporter;
using hostbench::model::VirtualHost;

namespace {

constexpr int kTimeoutMs = 20'000;

// A request, and what the engine's rules give for it: the status, the
// script that runs ("" none: a file or an error), the static body (empty:
// not checked), PATH_INFO.
struct Case
{
    QString name;
    QByteArray host;
    QByteArray method;
    QByteArray path;
    int status;
    QString script;
    QByteArray body;
    QString pathInfo;
};

const QByteArray kPostBody = "name=hostbench&n=2";
// The UPLOAD case: a multipart/form-data POST (a field and a file) with two cookies.
const QByteArray kBoundary = "hostbench-boundary";
const QByteArray kUploadBody
    = "--hostbench-boundary\r\nContent-Disposition: form-data; name=\"field\"\r\n\r\nvalue\r\n"
      "--hostbench-boundary\r\nContent-Disposition: form-data; name=\"file\"; "
      "filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n0123456789\r\n"
      "--hostbench-boundary--\r\n";

// /uploads/photo.jpg holds PHP code that prints kRan only when it runs (its
// text, sent as a file, does not hold it).
const QByteArray kPhoto = "<?php echo strrev('PHP-SA-NAR'); ?>\n";
const QByteArray kRan = "RAN-AS-PHP";

const QList<Case> kCases = {
    { u"index.php as the folder's index"_s, "app.test", "GET", "/", 200, u"index"_s, {}, {} },
    { u"a script with a query"_s, "app.test", "GET", "/index.php?a=1&b=two", 200, u"index"_s, {}, {} },
    { u"PATH_INFO after the script"_s, "app.test", "GET", "/info.php/extra/path?q=1", 200, u"info"_s, {},
        u"/extra/path"_s },
    { u"front controller for a missing path"_s, "app.test", "GET", "/missing/route?x=1", 200, u"index"_s, {},
        {} },
    { u"front controller for a missing script"_s, "app.test", "GET", "/gone.php", 200, u"index"_s, {}, {} },
    { u"a static file beside the scripts"_s, "app.test", "GET", "/hello.txt", 200, {}, "hello\n", {} },
    { u"photo.jpg/x.php never runs photo.jpg"_s, "app.test", "GET", "/uploads/photo.jpg/x.php", 200,
        u"index"_s, {}, {} },
    { u"POST form"_s, "app.test", "POST", "/form.php", 200, u"form"_s, {}, {} },
    { u"multipart upload with cookies"_s, "app.test", "UPLOAD", "/form.php", 200, u"form"_s, {}, {} },
    { u"index.php of a sub-folder"_s, "app.test", "GET", "/sub/", 200, u"sub"_s, {}, {} },
    { u"PHP source spelled X.PHP"_s, "app.test", "GET", "/X.PHP", 403, {}, {}, {} },
    { u"a hidden file"_s, "app.test", "GET", "/.env", 404, {}, {}, {} },
    { u"a status and header from PHP"_s, "app.test", "GET", "/status.php", 201, u"status"_s, {}, {} },
    { u"prefix: its index"_s, "blog.test", "GET", "/blog/", 200, u"blog"_s, {}, {} },
    { u"prefix: PATH_INFO"_s, "blog.test", "GET", "/blog/info.php/a/b", 200, u"blog-info"_s, {}, u"/a/b"_s },
    { u"prefix: a missing script"_s, "blog.test", "GET", "/blog/missing.php", 404, {}, {}, {} },
    { u"prefix: photo.jpg/x.php"_s, "blog.test", "GET", "/blog/uploads/photo.jpg/x.php", 404, {}, {}, {} },
    { u"prefix: no front controller"_s, "blog.test", "GET", "/blog/nothing", 404, {}, {}, {} },
    { u"prefix: a file outside it"_s, "blog.test", "GET", "/hello.txt", 200, {}, "blog hello\n", {} },
    { u"prefix: a script outside it is not sent"_s, "blog.test", "GET", "/outside.php", 403, {}, {}, {} },
};

// What a server does otherwise than the engine for a case, and why. The
// field is "status", "script" or "body"; `theirs` the server's value.
struct Behaviour
{
    QString server;
    QString caseName;
    QString field;
    QString theirs;
    QString why;
};

const QList<Behaviour> kBehaviour = {
    // h2o 2.2 has no try_files without mruby: the front controller is not exported.
    { u"h2o"_s, u"front controller for a missing path"_s, u"status"_s, u"404"_s,
        u"h2o 2.2: no front controller without mruby"_s },
    { u"h2o"_s, u"front controller for a missing path"_s, u"script"_s, {},
        u"h2o 2.2: no front controller"_s },
    { u"h2o"_s, u"front controller for a missing script"_s, u"status"_s, u"404"_s,
        u"h2o 2.2: no front controller without mruby"_s },
    { u"h2o"_s, u"front controller for a missing script"_s, u"script"_s, {},
        u"h2o 2.2: no front controller"_s },
    { u"h2o"_s, u"photo.jpg/x.php never runs photo.jpg"_s, u"status"_s, u"404"_s,
        u"h2o 2.2: no front controller (photo.jpg does not run)"_s },
    { u"h2o"_s, u"photo.jpg/x.php never runs photo.jpg"_s, u"script"_s, {},
        u"h2o 2.2: no front controller"_s },
    { u"h2o"_s, u"prefix: a script outside it is not sent"_s, u"status"_s, u"200"_s,
        u"h2o 2.2: no rule refusing a .php file outside the prefix without mruby (sent as a file)"_s },
    { u"lighttpd"_s, u"prefix: photo.jpg/x.php"_s, u"status"_s, u"403"_s,
        u"lighttpd: static-file.disable-pathinfo refuses a file with a path after it by 403"_s },
    { u"lighttpd"_s, u"a hidden file"_s, u"status"_s, u"403"_s,
        u"lighttpd: url.access-deny answers 403 (no 404 rule)"_s },
    { u"h2o"_s, u"a hidden file"_s, u"status"_s, u"200"_s,
        u"h2o 2.2: no rule for hidden files without mruby"_s },
    // Apache maps /uploads/photo.jpg/x.php onto photo.jpg with PATH_INFO /x.php: the file
    // exists, so FallbackResource does not apply, and a static file with PATH_INFO is 404.
    { u"apache"_s, u"photo.jpg/x.php never runs photo.jpg"_s, u"status"_s, u"404"_s,
        u"Apache: photo.jpg exists, its PATH_INFO is refused (404), no front controller"_s },
    { u"apache"_s, u"photo.jpg/x.php never runs photo.jpg"_s, u"script"_s, {},
        u"Apache: 404 before the front controller"_s },
};

// The $_SERVER fields compared with nginx's.
const QStringList kFields = { u"SCRIPT_NAME"_s, u"SCRIPT_FILENAME"_s, u"PATH_INFO"_s, u"REQUEST_URI"_s,
    u"QUERY_STRING"_s, u"DOCUMENT_ROOT"_s, u"DOCUMENT_URI"_s, u"SERVER_NAME"_s, u"HTTPS"_s, u"PHP_SELF"_s,
    u"REQUEST_METHOD"_s, u"CONTENT_TYPE"_s, u"CONTENT_LENGTH"_s, u"REQUEST_SCHEME"_s, u"SERVER_PROTOCOL"_s,
    u"SERVER_PORT"_s, u"GATEWAY_INTERFACE"_s, u"REDIRECT_STATUS"_s, u"HTTP_HOST"_s, u"REMOTE_ADDR"_s };

// A $_SERVER field that differs from nginx's and does not matter to the
// script run, for every case where it occurs (`caseName` empty) or one.
struct Cosmetic
{
    QString server;
    QString field;
    QString caseName;
    QString why;
};

const QList<Cosmetic> kCosmetic = {
    // DOCUMENT_URI is nginx's own (fastcgi_params), no CGI/1.1 variable; PHP apps read REQUEST_URI.
    { u"apache"_s, u"DOCUMENT_URI"_s, {}, u"nginx's own variable: unset"_s },
    { u"lighttpd"_s, u"DOCUMENT_URI"_s, {}, u"nginx's own variable: unset"_s },
    { u"h2o"_s, u"DOCUMENT_URI"_s, {}, u"nginx's own variable: unset"_s },
    // nginx sends an empty PATH_INFO where there is none (fastcgi_split_path_info); the others leave it
    // unset.
    { u"apache"_s, u"PATH_INFO"_s, {}, u"unset where nginx sends \"\""_s },
    { u"lighttpd"_s, u"PATH_INFO"_s, {}, u"unset where nginx sends \"\""_s },
    { u"h2o"_s, u"PATH_INFO"_s, {}, u"unset where nginx sends \"\""_s },
    // A request without a body: nginx sends CONTENT_TYPE and CONTENT_LENGTH empty.
    { u"apache"_s, u"CONTENT_TYPE"_s, {}, u"unset without a body"_s },
    { u"apache"_s, u"CONTENT_LENGTH"_s, {}, u"unset without a body"_s },
    { u"lighttpd"_s, u"CONTENT_TYPE"_s, {}, u"unset without a body"_s },
    { u"lighttpd"_s, u"CONTENT_LENGTH"_s, {}, u"\"0\" without a body"_s },
    { u"caddy"_s, u"CONTENT_LENGTH"_s, {}, u"\"0\" without a body"_s },
    { u"h2o"_s, u"CONTENT_TYPE"_s, {}, u"unset without a body"_s },
    { u"h2o"_s, u"CONTENT_LENGTH"_s, {}, u"unset without a body"_s },
    // REDIRECT_STATUS is php-cgi's force-redirect guard; PHP-FPM does not need it.
    { u"apache"_s, u"REDIRECT_STATUS"_s, {}, u"unset (php-cgi's guard, not PHP-FPM's)"_s },
    { u"caddy"_s, u"REDIRECT_STATUS"_s, {}, u"unset (php-cgi's guard, not PHP-FPM's)"_s },
    { u"h2o"_s, u"REDIRECT_STATUS"_s, {}, u"unset (php-cgi's guard, not PHP-FPM's)"_s },
    // The port of the Host field (none in these requests: the default, 80), not the socket's.
    { u"apache"_s, u"SERVER_PORT"_s, {}, u"the Host field's port, 80 without one (UseCanonicalName Off)"_s },
    { u"caddy"_s, u"SERVER_PORT"_s, {}, u"the Host field's port, 80 without one"_s },
    // h2o 2.2 sends neither.
    { u"h2o"_s, u"GATEWAY_INTERFACE"_s, {}, u"h2o 2.2: unset"_s },
    { u"h2o"_s, u"REQUEST_SCHEME"_s, {}, u"h2o 2.2: unset"_s },
};

struct Answer
{
    int status = 0;
    QByteArray head;
    QByteArray body;
    QJsonObject json; // the dump, when a script ran
    quint16 port = 0; // the server's
};

QString findProgram(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, { u"/usr/sbin"_s, u"/sbin"_s });
    return path;
}

using hostbench::test::freePort;

QByteArray dechunk(const QByteArray &body)
{
    QByteArray out;
    qsizetype at = 0;
    while (at < body.size()) {
        const qsizetype end = body.indexOf("\r\n", at);
        if (end < 0)
            break;
        bool ok = false;
        const qsizetype size = body.mid(at, end - at).split(';').first().trimmed().toLongLong(&ok, 16);
        if (!ok || size == 0)
            break;
        out += body.mid(end + 2, size);
        at = end + 2 + size + 2;
    }
    return out;
}

Answer send(quint16 port, const Case &c)
{
    Answer answer;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return answer;
    QByteArray request
        = c.method + ' ' + c.path + " HTTP/1.1\r\nHost: " + c.host + "\r\nConnection: close\r\n";
    if (c.method == "POST")
        request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
            + QByteArray::number(kPostBody.size()) + "\r\n\r\n" + kPostBody;
    else if (c.method == "UPLOAD")
        request = "POST " + c.path + " HTTP/1.1\r\nHost: " + c.host
            + "\r\nConnection: close\r\nCookie: a=1; b=two\r\nContent-Type: multipart/form-data; boundary="
            + kBoundary + "\r\nContent-Length: " + QByteArray::number(kUploadBody.size()) + "\r\n\r\n"
            + kUploadBody;
    else
        request += "\r\n";
    socket.write(request);
    QByteArray data;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(kTimeoutMs))
        data += socket.readAll();
    data += socket.readAll();
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (!data.startsWith("HTTP/1.") || end < 0)
        return answer;
    answer.status = data.mid(9, 3).toInt();
    answer.head = data.left(end);
    answer.body = data.mid(end + 4);
    if (answer.head.toLower().contains("\r\ntransfer-encoding: chunked"))
        answer.body = dechunk(answer.body);
    const QJsonDocument json = QJsonDocument::fromJson(answer.body);
    if (json.isObject())
        answer.json = json.object();
    answer.port = port;
    return answer;
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

// Each script dumps what it was given, naming itself.
QByteArray script(const QByteArray &name, const QByteArray &dumpPath, const QByteArray &extra = {})
{
    return "<?php\n$script = '" + name + "';\n" + extra + "require __DIR__ . '/" + dumpPath + "';\n";
}

const QByteArray kDump = R"(<?php
header('Content-Type: application/json');
$fields = ['SCRIPT_NAME', 'SCRIPT_FILENAME', 'PATH_INFO', 'REQUEST_URI', 'QUERY_STRING', 'DOCUMENT_ROOT',
    'DOCUMENT_URI', 'SERVER_NAME', 'HTTPS', 'PHP_SELF', 'REQUEST_METHOD', 'CONTENT_TYPE', 'CONTENT_LENGTH',
    'REQUEST_SCHEME', 'SERVER_PROTOCOL', 'SERVER_PORT', 'GATEWAY_INTERFACE', 'REDIRECT_STATUS', 'HTTP_HOST',
    'REMOTE_ADDR'];
$server = [];
foreach ($fields as $f) {
    $server[$f] = array_key_exists($f, $_SERVER) ? (string)$_SERVER[$f] : '(unset)';
}
echo json_encode(['script' => $script, 'server' => $server, 'get' => $_GET, 'post' => $_POST,
    'input' => file_get_contents('php://input'), 'cookie' => $_COOKIE,
    'files' => array_map(fn($f) => [$f['name'], $f['size'], $f['error']], $_FILES)]);
)";

} // namespace

class TestExportPhp final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void roundTrip_data();
    void roundTrip();
    void serverFieldsAsNginx_data();
    void serverFieldsAsNginx();

private:
    void writeApp();
    QList<VirtualHost> sites() const;
    // Starts `server` on the exported sites; the answers of every case.
    std::optional<QList<Answer>> run(Server server, QString *error);
    QList<Answer> answersOf(const QString &server);
    std::optional<QList<Answer>> runHostbench(QString *error);

    std::unique_ptr<QTemporaryDir> m_dir;
    hostbench::test::PhpFpm m_fpm;
    quint16 m_fpmPort = 0; // its TCP pool's
    QMap<QString, QList<Answer>> m_answers; // server name -> answers of kCases
};

void TestExportPhp::initTestCase()
{
    if (hostbench::test::PhpFpm::program().isEmpty())
        QSKIP("php-fpm is not installed (apt-get install php8.2-fpm)");
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(::chmod(QFile::encodeName(m_dir->path()).constData(), 0755) == 0);
    writeApp();
    QString error;
    m_fpmPort = freePort();
    QVERIFY2(m_fpm.start(m_dir->filePath(u"fpm"_s), &error, m_fpmPort), qPrintable(error));
}

void TestExportPhp::cleanupTestCase()
{
    m_fpm.stop();
}

void TestExportPhp::writeApp()
{
    const QString app = m_dir->filePath(u"app"_s);
    const QString blog = m_dir->filePath(u"blogsite"_s);
    const QList<std::pair<QString, QByteArray>> files {
        { app + u"/dump.inc"_s, kDump },
        { app + u"/index.php"_s, script("index", "dump.inc") },
        { app + u"/info.php"_s, script("info", "dump.inc") },
        { app + u"/form.php"_s, script("form", "dump.inc") },
        { app + u"/status.php"_s,
            script("status", "dump.inc", "http_response_code(201);\nheader('X-Php: yes');\n") },
        { app + u"/sub/index.php"_s, script("sub", "../dump.inc") },
        { app + u"/hello.txt"_s, "hello\n" },
        { app + u"/uploads/photo.jpg"_s, kPhoto },
        { app + u"/X.PHP"_s, "<?php echo 'source'; ?>\n" },
        { app + u"/.env"_s, "SECRET=1\n" },
        { blog + u"/dump.inc"_s, kDump },
        { blog + u"/hello.txt"_s, "blog hello\n" },
        { blog + u"/outside.php"_s, "<?php echo 'source'; ?>\n" },
        { blog + u"/blog/index.php"_s, script("blog", "../dump.inc") },
        { blog + u"/blog/info.php"_s, script("blog-info", "../dump.inc") },
        { blog + u"/blog/uploads/photo.jpg"_s, kPhoto },
    };
    for (const auto &[path, content] : files)
        QVERIFY2(writeFile(path, content), qPrintable(path));
}

QList<VirtualHost> TestExportPhp::sites() const
{
    VirtualHost app;
    app.hostName = u"app.test"_s;
    app.documentRoot = m_dir->filePath(u"app"_s);
    app.isDefault = true;
    app.php.address = u"unix:"_s + m_fpm.socket();
    app.php.frontController = true;
    VirtualHost blog;
    blog.hostName = u"blog.test"_s;
    blog.documentRoot = m_dir->filePath(u"blogsite"_s);
    blog.php.address = u"127.0.0.1:%1"_s.arg(m_fpmPort); // PHP-FPM over TCP
    blog.php.pathPrefix = u"/blog"_s;
    return { app, blog };
}

// Hostbench itself: `hostbench-cli serve` on sites() stored in a data
// folder of the test's (the same PHP-FPM pool, its socket and its TCP
// port), on a free port; the answers of every case, as run() gives a
// server's.
std::optional<QList<Answer>> TestExportPhp::runHostbench(QString *error)
{
    const QString data = m_dir->filePath(u"hostbench-data"_s);
    {
        hostbench::storage::DataFolder folder;
        if (!folder.open(data, error))
            return std::nullopt;
        // The folder's own default site becomes app.test; blog.test is added.
        const QList<VirtualHost> stored = folder.database().virtualHosts();
        QList<VirtualHost> ours = sites();
        if (!stored.isEmpty())
            ours.first().id = stored.first().id;
        for (VirtualHost &site : ours) {
            if (!folder.database().saveVirtualHost(site)) {
                *error = folder.database().lastError();
                return std::nullopt;
            }
        }
    }
    const quint16 port = freePort();
    QProcess serve;
    serve.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, data);
    serve.setProcessEnvironment(env);
    QStringList arguments { u"serve"_s, u"--data-dir"_s, data, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port),
        u"--control"_s, u"off"_s };
    if (::geteuid() == 0)
        arguments += { u"--user"_s, u"root"_s }; // serve refuses root without it; CI runs as root
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    const Case probe { {}, "app.test", "GET", "/hello.txt", 200, {}, {}, {} };
    QDeadlineTimer deadline(kTimeoutMs);
    Answer ready;
    while (!deadline.hasExpired() && serve.state() != QProcess::NotRunning && ready.body != "hello\n") {
        serve.waitForFinished(200);
        ready = send(port, probe);
    }
    QList<Answer> answers;
    if (ready.body == "hello\n") {
        for (const Case &c : kCases)
            answers.append(send(port, c));
    }
    serve.terminate();
    if (!serve.waitForFinished(kTimeoutMs))
        serve.kill();
    serve.waitForFinished();
    if (answers.isEmpty()) {
        *error = u"hostbench-cli serve did not serve /hello.txt: %1"_s.arg(
            QString::fromLocal8Bit(serve.readAll()));
        return std::nullopt;
    }
    return answers;
}

std::optional<QList<Answer>> TestExportPhp::run(Server server, QString *error)
{
    ExportOptions options;
    options.server = server;
    options.flavour = Flavour::Benchmark;
    options.config.port = freePort();
    options.prefix = m_dir->filePath(u"prefix-"_s + ConfigWriter::name(server));
    options.configPath = options.prefix + u"/server.conf"_s;
    if (::geteuid() == 0)
        options.user = u"root"_s;
    const std::optional<ExportResult> result = ConfigWriter::write(sites(), options, error);
    if (!result || !ConfigWriter::save(*result, error))
        return std::nullopt;
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOME"_s, m_dir->filePath(u"home"_s));
    process.setProcessEnvironment(env);
    process.start(findProgram(result->command.first()), result->command.mid(1));
    const Case probe { {}, "app.test", "GET", "/hello.txt", 200, {}, {}, {} };
    QDeadlineTimer deadline(kTimeoutMs);
    Answer ready;
    while (!deadline.hasExpired() && process.state() != QProcess::NotRunning && ready.body != "hello\n") {
        process.waitForFinished(200);
        ready = send(options.config.port, probe);
    }
    QList<Answer> answers;
    if (ready.body == "hello\n") {
        for (const Case &c : kCases)
            answers.append(send(options.config.port, c));
    }
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs))
        process.kill();
    process.waitForFinished();
    if (answers.isEmpty()) {
        *error = u"%1 did not serve /hello.txt: %2\n%3"_s.arg(ConfigWriter::name(server),
            QString::fromLocal8Bit(process.readAll()), QString::fromUtf8(result->config));
        return std::nullopt;
    }
    return answers;
}

QList<Answer> TestExportPhp::answersOf(const QString &name)
{
    if (!m_answers.contains(name)) {
        const std::optional<Server> server = ConfigWriter::fromName(name);
        QString error;
        std::optional<QList<Answer>> answers = server ? run(*server, &error) : runHostbench(&error);
        if (!answers)
            qWarning("%s", qPrintable(error));
        m_answers.insert(name, answers.value_or(QList<Answer>()));
    }
    return m_answers.value(name);
}

void TestExportPhp::roundTrip_data()
{
    QTest::addColumn<QString>("server");
    for (Server server : ConfigWriter::servers())
        QTest::newRow(qPrintable(ConfigWriter::name(server))) << ConfigWriter::name(server);
    QTest::newRow("hostbench") << u"hostbench"_s;
}

// What matters, for each case: the status, the script run (none for a file
// or an error), a static file's body, PATH_INFO; photo.jpg never runs.
void TestExportPhp::roundTrip()
{
    QFETCH(QString, server);
    const std::optional<Server> which = ConfigWriter::fromName(server);
    if (which && findProgram(ConfigWriter::program(*which)).isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(*which), ConfigWriter::package(*which))));
    const QList<Answer> answers = answersOf(server);
    QCOMPARE(answers.size(), kCases.size());
    QStringList failures;
    QStringList stale;
    for (qsizetype i = 0; i < kCases.size(); ++i) {
        const Case &c = kCases.at(i);
        const Answer &a = answers.at(i);
        const QString ran = a.json.value(u"script"_s).toString();
        QList<std::tuple<QString, QString, QString>> checks {
            { u"status"_s, QString::number(c.status), QString::number(a.status) },
            { u"script"_s, c.script, ran },
        };
        if (!c.body.isEmpty())
            checks.append({ u"body"_s, QString::fromUtf8(c.body), QString::fromUtf8(a.body) });
        if (c.script == u"status"_s) // PHP's own header field, passed on
            checks.append({ u"header"_s, u"x-php: yes"_s,
                a.head.toLower().contains("\r\nx-php: yes") ? u"x-php: yes"_s : u"(none)"_s });
        if (c.method == "UPLOAD") // the file as PHP received it: name, size, no error
            checks.append({ u"files"_s, u"[\"a.txt\",10,0]"_s,
                QString::fromUtf8(
                    QJsonDocument(a.json.value(u"files"_s).toObject().value(u"file"_s).toArray())
                        .toJson(QJsonDocument::Compact)) });
        if (!c.script.isEmpty() && ran == c.script)
            checks.append({ u"PATH_INFO"_s, c.pathInfo.isEmpty() ? u"(unset)"_s : c.pathInfo,
                a.json.value(u"server"_s).toObject().value(u"PATH_INFO"_s).toString() });
        if (a.body.contains(kRan))
            failures.append(u"%1: photo.jpg RAN as PHP"_s.arg(c.name));
        for (const auto &[field, expected, theirs] : checks) {
            const auto known = std::find_if(kBehaviour.cbegin(), kBehaviour.cend(), [&](const Behaviour &b) {
                return b.server == server && b.caseName == c.name && b.field == field;
            });
            const bool differs = expected != theirs
                && !(field == u"PATH_INFO"_s && theirs.isEmpty() && expected == u"(unset)"_s);
            if (known != kBehaviour.cend()) {
                if (!differs || known->theirs != theirs)
                    stale.append(
                        u"%1 / %2: listed as %3, now %4"_s.arg(c.name, field, known->theirs, theirs));
                continue;
            }
            if (differs)
                failures.append(u"%1 %2 %3: expected %4, got %5\n    %6"_s.arg(QString::fromUtf8(c.method),
                    QString::fromUtf8(c.host + c.path), field, expected, theirs,
                    QString::fromUtf8(a.head.left(200) + "\n    " + a.body.left(300))));
        }
    }
    QVERIFY2(failures.isEmpty(), qPrintable(u"\n"_s + failures.join(u'\n')));
    QVERIFY2(stale.isEmpty(), qPrintable(u"kBehaviour rows that no longer hold:\n"_s + stale.join(u'\n')));
}

void TestExportPhp::serverFieldsAsNginx_data()
{
    QTest::addColumn<QString>("server");
    for (Server server : ConfigWriter::servers()) {
        if (server != Server::Nginx)
            QTest::newRow(qPrintable(ConfigWriter::name(server))) << ConfigWriter::name(server);
    }
    QTest::newRow("hostbench") << u"hostbench"_s;
}

// $_SERVER as nginx gives it, field by field, for each case where both ran
// the same script: every difference printed, one not in kCosmetic a failure.
void TestExportPhp::serverFieldsAsNginx()
{
    QFETCH(QString, server);
    if (findProgram(u"nginx"_s).isEmpty())
        QSKIP("nginx, the reference, is not installed (apt-get install nginx-light)");
    const std::optional<Server> which = ConfigWriter::fromName(server);
    if (which && findProgram(ConfigWriter::program(*which)).isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(*which), ConfigWriter::package(*which))));
    const QList<Answer> reference = answersOf(u"nginx"_s);
    const QList<Answer> answers = answersOf(server);
    QCOMPARE(reference.size(), kCases.size());
    QCOMPARE(answers.size(), kCases.size());
    const QString root = m_dir->path();
    QStringList unlisted;
    QSet<QString> seen; // the kCosmetic fields that differed
    for (qsizetype i = 0; i < kCases.size(); ++i) {
        const QJsonObject &ours = reference.at(i).json;
        const QJsonObject &theirs = answers.at(i).json;
        if (ours.isEmpty() || theirs.isEmpty() || ours.value(u"script"_s) != theirs.value(u"script"_s))
            continue;
        const QString caseName = kCases.at(i).name;
        for (const QString &field : kFields) {
            // Each server has a port of its own: "PORT" in both.
            const auto value = [&](const Answer &answer) {
                QString text = answer.json.value(u"server"_s).toObject().value(field).toString();
                return text == QString::number(answer.port) ? u"PORT"_s : text;
            };
            QString a = value(reference.at(i));
            QString b = value(answers.at(i));
            if (a == b)
                continue;
            const bool listed = std::any_of(kCosmetic.cbegin(), kCosmetic.cend(), [&](const Cosmetic &k) {
                return k.server == server && k.field == field
                    && (k.caseName.isEmpty() || k.caseName == caseName);
            });
            const QString line = u"%1 %2 [%3]: nginx \"%4\", %1 \"%5\"%6"_s.arg(server, field, caseName,
                a.replace(root, u"TMP"_s), b.replace(root, u"TMP"_s), listed ? u" (listed)"_s : QString());
            qInfo("%s", qPrintable(line));
            if (!listed)
                unlisted.append(line);
            seen.insert(field);
        }
        for (const QString &part : { u"get"_s, u"post"_s, u"input"_s, u"cookie"_s, u"files"_s }) {
            if (ours.value(part) != theirs.value(part))
                unlisted.append(u"%1 %2 [%3] differs from nginx's"_s.arg(server, part, caseName));
        }
    }
    QVERIFY2(unlisted.isEmpty(), qPrintable(u"\nnot in kCosmetic:\n"_s + unlisted.join(u'\n')));
    for (const Cosmetic &k : kCosmetic) {
        QVERIFY2(k.server != server || seen.contains(k.field),
            qPrintable(u"kCosmetic lists %1 %2, which no longer differs"_s.arg(k.server, k.field)));
    }
}

QTEST_GUILESS_MAIN(TestExportPhp)
#include "tst_exportphp.moc"
