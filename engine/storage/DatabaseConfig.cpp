// Database: the virtual hosts, the server settings and the free-form
// settings (Database.h gives the contract).
#include "storage/Database.h"

#include "storage/HostSettingsTable.h"
#include "storage/HostTable.h"
#include "storage/PhpTable.h"
#include "storage/ProxyTable.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <type_traits>
#include <variant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

// The server settings, each declared once: its key in the table `settings`
// and the member of model::ServerConfig it holds. serverConfig() reads and
// saveServerConfig() writes them from this table (as KeePassXC's Config.cpp
// declares its keys), so a new setting is one line here. Numbers are stored
// as decimal text, booleans as "1" and "0". A stored value that does not
// read as its type, or a non-positive one where `positive` is set, gives the
// member's default.
struct ServerSetting
{
    QLatin1String key;
    std::variant<QString model::ServerConfig::*, quint16 model::ServerConfig::*, int model::ServerConfig::*,
        bool model::ServerConfig::*>
        member;
    bool positive = false;
};

const ServerSetting kServerSettings[] = {
    { QLatin1String("server.listen_address"), &model::ServerConfig::listenAddress },
    { QLatin1String("server.port"), &model::ServerConfig::port },
    { QLatin1String("server.threads"), &model::ServerConfig::threads },
    { QLatin1String("server.port_fallback"), &model::ServerConfig::portFallback },
    { QLatin1String("server.tls_enabled"), &model::ServerConfig::tlsEnabled },
    { QLatin1String("server.tls_port"), &model::ServerConfig::tlsPort },
    { QLatin1String("server.header_timeout_ms"), &model::ServerConfig::headerTimeoutMs, true },
    { QLatin1String("server.keep_alive_timeout_ms"), &model::ServerConfig::keepAliveTimeoutMs, true },
    { QLatin1String("server.send_timeout_ms"), &model::ServerConfig::sendTimeoutMs, true },
    { QLatin1String("server.max_connections_per_worker"), &model::ServerConfig::maxConnectionsPerWorker,
        true },
};

// The member's value as stored.
QString settingText(const model::ServerConfig &config, const ServerSetting &setting)
{
    return std::visit(
        [&config](auto member) -> QString {
            const auto &value = config.*member;
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, QString>)
                return value;
            else if constexpr (std::is_same_v<T, bool>)
                return value ? u"1"_s : u"0"_s;
            else
                return QString::number(value);
        },
        setting.member);
}

// Sets the member from its stored text; leaves the default when the text does not fit.
void readSetting(model::ServerConfig &config, const ServerSetting &setting, const QString &text)
{
    std::visit(
        [&](auto member) {
            auto &value = config.*member;
            using T = std::decay_t<decltype(value)>;
            bool ok = false;
            if constexpr (std::is_same_v<T, QString>) {
                value = text;
            } else if constexpr (std::is_same_v<T, bool>) {
                if (text == u"1"_s || text == u"0"_s)
                    value = text == u"1"_s;
            } else if constexpr (std::is_same_v<T, quint16>) {
                const ushort number = text.toUShort(&ok);
                if (ok)
                    value = number;
            } else {
                const int number = text.toInt(&ok);
                if (ok && (!setting.positive || number > 0))
                    value = number;
            }
        },
        setting.member);
}

} // namespace

// ---- virtual hosts ----------------------------------------------------------

QList<model::VirtualHost> Database::virtualHosts()
{
    QList<model::VirtualHost> hosts;
    QString error;
    if (ensureOpen()
        && !(HostTable::readAll(connection(), &hosts, &error)
            && HostSettingsTable::readInto(connection(), &hosts, &error)
            && ProxyTable::readInto(connection(), &hosts, &error)
            && PhpTable::readInto(connection(), &hosts, &error))) {
        fail(error, {});
        hosts.clear();
    }
    return hosts;
}

bool Database::saveVirtualHost(model::VirtualHost &host)
{
    if (!ensureOpen())
        return false;
    model::VirtualHost normalised = host;
    QString error;
    if (!HostTable::normalise(normalised, &error) || !HostSettingsTable::normalise(normalised, &error)
        || !ProxyTable::normalise(normalised, &error) || !PhpTable::normalise(normalised, &error))
        return fail(error, {});
    const bool saved = inTransaction(
        u"Cannot save the virtual host \"%1\""_s.arg(normalised.hostName), [&](QString *error) {
            return HostTable::write(connection(), normalised, error)
                && HostSettingsTable::write(connection(), normalised, error)
                && ProxyTable::write(connection(), normalised, error)
                && PhpTable::write(connection(), normalised, error);
        });
    if (saved)
        host = normalised;
    return saved;
}

bool Database::removeVirtualHost(qint64 id)
{
    QString error;
    return ensureOpen() && (HostTable::remove(connection(), id, &error) || fail(error, {}));
}

// ---- settings ---------------------------------------------------------------

QString Database::setting(const QString &key, const QString &fallback)
{
    if (!ensureOpen())
        return fallback;
    QSqlQuery query(connection());
    query.prepare(u"SELECT value FROM settings WHERE key = :key"_s);
    query.bindValue(u":key"_s, key);
    if (!query.exec()) {
        fail(u"Cannot read the setting %1"_s.arg(key), query.lastError().text());
        return fallback;
    }
    return query.next() ? query.value(u"value"_s).toString() : fallback;
}

bool Database::setSetting(const QString &key, const QString &value)
{
    if (!ensureOpen())
        return false;
    QSqlQuery query(connection());
    query.prepare(u"INSERT INTO settings (key, value) VALUES (:key, :value) "
                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value"_s);
    query.bindValue(u":key"_s, key);
    // A null QString binds as NULL, which the NOT NULL column refuses: empty is ''.
    query.bindValue(u":value"_s, value.isNull() ? u""_s : value);
    return query.exec() || fail(u"Cannot save the setting %1"_s.arg(key), query.lastError().text());
}

model::ServerConfig Database::serverConfig()
{
    model::ServerConfig config;
    const model::ServerConfig defaults;
    for (const ServerSetting &entry : kServerSettings)
        readSetting(config, entry, setting(entry.key, settingText(defaults, entry)));
    return config;
}

bool Database::saveServerConfig(const model::ServerConfig &config)
{
    return ensureOpen() && inTransaction(u"Cannot save the server settings"_s, [&](QString *error) {
        for (const ServerSetting &entry : kServerSettings) {
            if (!setSetting(entry.key, settingText(config, entry))) {
                *error = m_lastError;
                return false;
            }
        }
        return true;
    });
}

} // namespace hostbench::storage
