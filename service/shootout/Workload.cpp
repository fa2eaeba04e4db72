#include "shootout/Workload.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

// W7p's table: 100 rows, the same every time.
constexpr int kW7pRows = 100;
constexpr int kW7pRow = 42; // the row its third query reads

QString w7pName(int id)
{
    return u"item %1"_s.arg(id, 3, 10, QChar(u'0'));
}

int w7pPrice(int id)
{
    return id * 37 % 101;
}

// What w7p.php prints for the database writeW7pDatabase writes.
QByteArray w7pAnswer()
{
    int sum = 0;
    for (int id = 1; id <= kW7pRows / 2; ++id)
        sum += w7pPrice(id);
    return u"items %1, sum %2, #%3 %4 at %5\n"_s.arg(kW7pRows)
        .arg(sum)
        .arg(kW7pRow)
        .arg(w7pName(kW7pRow))
        .arg(w7pPrice(kW7pRow))
        .toUtf8();
}

// Three small SELECTs per request on a database opened read-only, as a
// page of a small PHP application does.
const char kW7pSource[] = R"(<?php
$db = new PDO('sqlite:' . __DIR__ . '/../php-data/w7p.sqlite', null, null,
    [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION, PDO::SQLITE_ATTR_OPEN_FLAGS => PDO::SQLITE_OPEN_READONLY]);
$count = $db->query('SELECT COUNT(*) FROM items')->fetchColumn();
$sum = $db->query('SELECT SUM(price) FROM items WHERE id <= 50')->fetchColumn();
$row = $db->prepare('SELECT name, price FROM items WHERE id = ?');
$row->execute([42]);
[$name, $price] = $row->fetch(PDO::FETCH_NUM);
printf("items %d, sum %d, #42 %s at %d\n", $count, $sum, $name, $price);
)";

} // namespace

const QList<Workload> &Workload::all()
{
    // Concurrency as in tests/perf/servers.sh: 50 for the small answers,
    // fewer for the large ones, whose answers take long on one core.
    static const QList<Workload> workloads {
        { u"W1"_s, u"/x.txt"_s, u"4,070-byte text file"_s, 4070, 50, {}, false, false, {} },
        { u"W2"_s, u"/photo.jpg"_s, u"45,056-byte JPEG"_s, 45056, 50, {}, false, false, {} },
        { u"W3"_s, u"/archive.zip"_s, u"1,414,000-byte zip"_s, 1414000, 10, {}, false, false, {} },
        { u"W4"_s, u"/huge.bin"_s, u"128 MiB file"_s, 134217728, 4, {}, false, false, {} },
        { u"W5"_s, u"/hello.php"_s, u"PHP page (hello) through PHP-FPM"_s, 5, 50, QByteArray("hello"), false,
            true, QByteArray("<?php echo \"hello\";") },
        { u"W5r"_s, u"/hello"_s, u"tiny fixed answer (hello), no app"_s, 5, 50, QByteArray("hello"), false,
            false, {} },
        { u"W6"_s, u"/ok"_s, u"2-byte answer (OK)"_s, 2, 10, QByteArray("OK"), false, false, {} },
        // As the issue measures it: -c 50 keep-alive, through the front server's proxy.
        { u"W6p"_s, u"/ok"_s, u"2-byte answer (OK) from an app behind the server"_s, 2, 50, QByteArray("OK"),
            true, false, {} },
        { u"W7p"_s, u"/w7p.php"_s, u"PHP page with 3 SQLite queries (PDO) through PHP-FPM"_s,
            w7pAnswer().size(), 50, w7pAnswer(), false, true, QByteArray(kW7pSource) },
        // As tests/perf/tls.sh measures them: -c 50, keep-alive; -c 50, a full handshake per request.
        { u"W1s"_s, u"/x.txt"_s, u"W1 over TLS, keep-alive"_s, 4070, 50, {}, false, false, {}, true, false },
        { u"W1sn"_s, u"/x.txt"_s,
            u"W1 over TLS, a new connection and a full handshake per request (requests/s = handshakes/s)"_s,
            4070, 50, {}, false, false, {}, true, true },
        // As tests/perf/servers.sh measures them with h2load: -c 10 -m 10, h2 by ALPN.
        { u"W1h2"_s, u"/x.txt"_s, u"W1 over HTTP/2 (h2 by ALPN over TLS), 10 streams per connection"_s, 4070,
            10, {}, false, false, {}, true, false, true, 10 },
        { u"W2h2"_s, u"/photo.jpg"_s, u"W2 over HTTP/2 (h2 by ALPN over TLS), 10 streams per connection"_s,
            45056, 10, {}, false, false, {}, true, false, true, 10 },
    };
    return workloads;
}

QString Workload::upstreamId()
{
    return u"upstream"_s;
}

std::optional<Workload> Workload::find(const QString &id)
{
    for (const Workload &workload : all())
        if (workload.id.compare(id, Qt::CaseInsensitive) == 0)
            return workload;
    return std::nullopt;
}

QStringList Workload::ids()
{
    return idsOf(all());
}

QStringList Workload::idsOf(const QList<Workload> &workloads)
{
    QStringList ids;
    for (const Workload &workload : workloads)
        ids.append(workload.id);
    return ids;
}

namespace {

bool writeFile(const QString &path, const Workload &workload, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    bool ok = true;
    if (!workload.fixedBody.isEmpty()) {
        ok = file.write(workload.fixedBody) == workload.fixedBody.size();
    } else if (workload.bytes > 16 * 1024 * 1024) {
        ok = file.resize(workload.bytes); // sparse: quick, and only the size matters
    } else {
        QByteArray bytes(workload.bytes, Qt::Uninitialized);
        const bool text = path.endsWith(u".txt"_s);
        auto *random = QRandomGenerator::global();
        static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n";
        for (char &c : bytes)
            c = text ? kLetters[random->bounded(int(sizeof(kLetters) - 1))] : char(random->bounded(256));
        ok = file.write(bytes) == bytes.size();
    }
    if (!ok || !file.flush()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    // Servers whose workers drop privileges (nginx, Apache started as root) must read it.
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return true;
}

} // namespace

std::optional<model::VirtualHost> Workload::makeSite(
    const QString &documentRoot, const QList<Workload> &workloads, QString *error)
{
    const QDir root(documentRoot);
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = root.absolutePath();
    site.isDefault = true;
    for (const Workload &workload : workloads) {
        if (workload.proxied || workload.php)
            continue;
        if (!writeFile(root.filePath(workload.path.mid(1)), workload, error))
            return std::nullopt;
        if (!workload.fixedBody.isEmpty()) {
            model::Route route;
            route.path = workload.path;
            route.body = workload.fixedBody;
            site.routes.append(route);
        }
    }
    return site;
}

std::optional<model::VirtualHost> Workload::makeProxySite(
    const QString &documentRoot, const QString &upstreamUrl, QString *error)
{
    if (!QDir().mkpath(documentRoot)) {
        *error = u"cannot create %1"_s.arg(documentRoot);
        return std::nullopt;
    }
    QFile::setPermissions(documentRoot,
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther);
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = QDir(documentRoot).absolutePath();
    site.isDefault = true;
    site.accessLogEnabled = false;
    site.errorLogEnabled = false;
    site.proxy.routes.append({ u"/"_s, upstreamUrl });
    return site;
}

QString Workload::phpDataFolder(const QString &documentRoot)
{
    return QDir::cleanPath(QDir(documentRoot).absoluteFilePath(u"../php-data"_s));
}

std::optional<model::VirtualHost> Workload::makePhpSite(
    const QString &documentRoot, const QList<Workload> &workloads, const QString &phpAddress, QString *error)
{
    const QString data = phpDataFolder(documentRoot);
    for (const QString &folder : { documentRoot, data }) {
        if (!QDir().mkpath(folder)) {
            *error = u"cannot create %1"_s.arg(folder);
            return std::nullopt;
        }
        QFile::setPermissions(folder,
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                | QFile::ReadOther | QFile::ExeOther);
    }
    for (const Workload &workload : workloads) {
        if (!workload.php)
            continue;
        Workload script = workload;
        script.fixedBody = workload.phpSource; // the file holds the script, not its answer
        if (!writeFile(QDir(documentRoot).filePath(workload.path.mid(1)), script, error))
            return std::nullopt;
        if (workload.id == u"W7p"_s && !writeW7pDatabase(QDir(data).filePath(u"w7p.sqlite"_s), error))
            return std::nullopt;
    }
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.documentRoot = QDir(documentRoot).absolutePath();
    site.isDefault = true;
    site.accessLogEnabled = false;
    site.errorLogEnabled = false;
    site.php.address = phpAddress;
    site.php.pathPrefix = u"/"_s;
    return site;
}

bool Workload::writeW7pDatabase(const QString &file, QString *error)
{
    QFile::remove(file);
    const QString connection = u"hostbench-w7p-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection);
        db.setDatabaseName(file);
        QSqlQuery query(db);
        ok = db.open() && db.transaction()
            && query.exec(
                u"CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL)"_s)
            && query.prepare(u"INSERT INTO items (id, name, price) VALUES (?, ?, ?)"_s);
        for (int id = 1; ok && id <= kW7pRows; ++id) {
            query.addBindValue(id);
            query.addBindValue(w7pName(id));
            query.addBindValue(w7pPrice(id));
            ok = query.exec();
        }
        ok = ok && db.commit();
        if (!ok)
            *error = u"cannot write %1: %2"_s.arg(
                file, query.lastError().isValid() ? query.lastError().text() : db.lastError().text());
        query.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    if (ok)
        QFile::setPermissions(
            file, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return ok;
}

} // namespace hostbench::shootout
