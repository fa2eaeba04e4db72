#include "control/SiteJson.h"

#include "control/PhpJson.h"
#include "control/ProxyJson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <functional>

#include <cmath>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

QJsonArray stringArray(const QStringList &list)
{
    QJsonArray array;
    for (const QString &item : list)
        array.append(item);
    return array;
}

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"a boolean"_s;
    case QJsonValue::Double:
        return u"a number"_s;
    case QJsonValue::String:
        return u"a string"_s;
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

// Reads one member, checking its type; the field and the reason on failure.
class Reader
{
public:
    Reader(QString *field, QString *detail)
        : m_field(field)
        , m_detail(detail)
    { }

    bool fail(const QString &field, const QString &detail)
    {
        *m_field = field;
        *m_detail = detail;
        return false;
    }

    bool wrongType(const QString &field, const QJsonValue &value, const QString &expected)
    {
        return fail(field, u"\"%1\" must be %2, not %3"_s.arg(field, expected, typeName(value)));
    }

    bool string(const QString &field, const QJsonValue &value, QString &out)
    {
        if (!value.isString())
            return wrongType(field, value, u"a string"_s);
        out = value.toString();
        return true;
    }

    bool boolean(const QString &field, const QJsonValue &value, bool &out)
    {
        if (!value.isBool())
            return wrongType(field, value, u"true or false"_s);
        out = value.toBool();
        return true;
    }

    bool integer(const QString &field, const QJsonValue &value, int &out)
    {
        const double number = value.toDouble();
        // The range first: converting a double outside it to an integer is undefined.
        if (!value.isDouble() || !(number >= -2147483648.0 && number <= 2147483647.0)
            || number != std::trunc(number))
            return wrongType(field, value, u"a whole number"_s);
        out = int(number);
        return true;
    }

    bool strings(const QString &field, const QJsonValue &value, QStringList &out)
    {
        if (!value.isArray())
            return wrongType(field, value, u"an array of strings"_s);
        QStringList list;
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            QString item;
            if (!string(u"%1[%2]"_s.arg(field).arg(i), array.at(i), item))
                return false;
            list.append(item);
        }
        out = list;
        return true;
    }

    bool route(const QString &field, const QJsonValue &value, model::Route &out)
    {
        if (!value.isObject())
            return wrongType(field, value, u"an object"_s);
        const QJsonObject object = value.toObject();
        model::Route route;
        bool hasPath = false;
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString member = field + u'.' + it.key();
            if (it.key() == u"path"_s) {
                hasPath = true;
                if (!string(member, it.value(), route.path))
                    return false;
            } else if (it.key() == u"status"_s) {
                if (!integer(member, it.value(), route.status))
                    return false;
            } else if (it.key() == u"content_type"_s) {
                if (!string(member, it.value(), route.contentType))
                    return false;
            } else if (it.key() == u"body"_s) {
                QString body;
                if (!string(member, it.value(), body))
                    return false;
                route.body = body.toUtf8();
            } else {
                return fail(member,
                    u"Unknown member \"%1\" (a route has path, status, content_type and body)"_s.arg(member));
            }
        }
        if (!hasPath)
            return fail(field + u".path"_s, u"A route needs a \"path\""_s);
        out = route;
        return true;
    }

private:
    QString *m_field;
    QString *m_detail;
};

const QString kTlsCertificate = u"certificate"_s;
const QString kTlsKey = u"key"_s;
const QString kTlsRedirect = u"redirect_http"_s;
const QString kTlsHsts = u"hsts_max_age"_s;

QJsonObject tlsJson(const model::SiteTls &tls)
{
    return { { kTlsCertificate, tls.certificatePath }, { kTlsKey, tls.keyPath },
        { kTlsRedirect, tls.redirectToHttps }, { kTlsHsts, double(tls.hstsMaxAgeSeconds) } };
}

// "tls": {"certificate", "key", "redirect_http", "hsts_max_age"} onto `tls`; null: the defaults.
bool applyTls(
    const QString &name, const QJsonValue &value, model::SiteTls &tls, QString *field, QString *detail)
{
    const auto fail = [&](const QString &where, const QString &why) {
        *field = where;
        *detail = why;
        return false;
    };
    if (value.isNull()) {
        tls = model::SiteTls();
        return true;
    }
    if (!value.isObject())
        return fail(name,
            u"\"%1\" must be an object (certificate, key, redirect_http, hsts_max_age) or null"_s.arg(name));
    model::SiteTls next = tls;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString member = name + u'.' + it.key();
        const QJsonValue v = it.value();
        if (it.key() == kTlsCertificate || it.key() == kTlsKey) {
            if (!v.isString())
                return fail(member, u"\"%1\" must be a string (an absolute path, or \"\")"_s.arg(member));
            (it.key() == kTlsCertificate ? next.certificatePath : next.keyPath) = v.toString();
        } else if (it.key() == kTlsRedirect) {
            if (!v.isBool())
                return fail(member, u"\"%1\" must be true or false"_s.arg(member));
            next.redirectToHttps = v.toBool();
        } else if (it.key() == kTlsHsts) {
            const double seconds = v.toDouble();
            if (!v.isDouble() || seconds != std::trunc(seconds) || !(std::abs(seconds) < 9.0e15))
                return fail(member, u"\"%1\" must be a whole number of seconds"_s.arg(member));
            next.hstsMaxAgeSeconds = qint64(seconds);
        } else {
            return fail(member,
                u"Unknown member \"%1\" (tls has certificate, key, redirect_http and hsts_max_age)"_s.arg(
                    member));
        }
    }
    tls = next;
    return true;
}

} // namespace

QJsonObject SiteJson::toJson(const model::VirtualHost &site)
{
    QJsonArray routes;
    for (const model::Route &route : site.routes) {
        routes.append(QJsonObject { { u"path"_s, route.path }, { u"status"_s, route.status },
            { u"content_type"_s, route.contentType }, { u"body"_s, QString::fromUtf8(route.body) } });
    }
    return { { u"host"_s, site.hostName }, { u"aliases"_s, stringArray(site.aliases) },
        { u"document_root"_s, site.documentRoot }, { u"default"_s, site.isDefault },
        { u"index_files"_s, stringArray(site.indexFiles) }, { u"directory_listing"_s, site.directoryListing },
        { u"follow_symlinks"_s, site.followSymlinks }, { u"serve_hidden_files"_s, site.serveHiddenFiles },
        { u"access_log"_s, site.accessLogEnabled }, { u"access_log_path"_s, site.accessLogPath },
        { u"error_log"_s, site.errorLogEnabled }, { u"error_log_path"_s, site.errorLogPath },
        { u"log_load_generator"_s, site.logLoadGenerator }, { u"routes"_s, routes },
        { u"proxy"_s, ProxyJson::toJson(site.proxy) }, { u"php"_s, PhpJson::toJson(site.php) },
        { u"tls"_s, tlsJson(site.tls) } };
}

QByteArray SiteJson::entityTag(const model::VirtualHost &site)
{
    // QJsonDocument writes an object's members sorted: the same site, the same bytes.
    const QByteArray json = QJsonDocument(toJson(site)).toJson(QJsonDocument::Compact);
    return '"' + QCryptographicHash::hash(json, QCryptographicHash::Sha256).toHex().left(32) + '"';
}

bool SiteJson::apply(const QJsonObject &json, model::VirtualHost &site, QString *field, QString *detail)
{
    Reader read(field, detail);
    model::VirtualHost next = site;
    using Member = std::function<bool(const QString &, const QJsonValue &)>;
    const QList<std::pair<QString, Member>> members {
        { u"host"_s,
            [&](const QString &f, const QJsonValue &v) { return read.string(f, v, next.hostName); } },
        { u"aliases"_s,
            [&](const QString &f, const QJsonValue &v) { return read.strings(f, v, next.aliases); } },
        { u"document_root"_s,
            [&](const QString &f, const QJsonValue &v) { return read.string(f, v, next.documentRoot); } },
        { u"default"_s,
            [&](const QString &f, const QJsonValue &v) { return read.boolean(f, v, next.isDefault); } },
        { u"index_files"_s,
            [&](const QString &f, const QJsonValue &v) { return read.strings(f, v, next.indexFiles); } },
        { u"directory_listing"_s,
            [&](const QString &f, const QJsonValue &v) {
                return read.boolean(f, v, next.directoryListing);
            } },
        { u"follow_symlinks"_s,
            [&](const QString &f, const QJsonValue &v) { return read.boolean(f, v, next.followSymlinks); } },
        { u"serve_hidden_files"_s,
            [&](const QString &f, const QJsonValue &v) {
                return read.boolean(f, v, next.serveHiddenFiles);
            } },
        { u"access_log"_s,
            [&](const QString &f, const QJsonValue &v) {
                return read.boolean(f, v, next.accessLogEnabled);
            } },
        { u"access_log_path"_s,
            [&](const QString &f, const QJsonValue &v) { return read.string(f, v, next.accessLogPath); } },
        { u"error_log"_s,
            [&](const QString &f, const QJsonValue &v) { return read.boolean(f, v, next.errorLogEnabled); } },
        { u"log_load_generator"_s,
            [&](const QString &f, const QJsonValue &v) {
                return read.boolean(f, v, next.logLoadGenerator);
            } },
        { u"error_log_path"_s,
            [&](const QString &f, const QJsonValue &v) { return read.string(f, v, next.errorLogPath); } },
        { u"routes"_s,
            [&](const QString &f, const QJsonValue &v) {
                if (!v.isArray())
                    return read.wrongType(f, v, u"an array of routes"_s);
                QList<model::Route> routes;
                const QJsonArray array = v.toArray();
                for (qsizetype i = 0; i < array.size(); ++i) {
                    model::Route route;
                    if (!read.route(u"%1[%2]"_s.arg(f).arg(i), array.at(i), route))
                        return false;
                    routes.append(route);
                }
                next.routes = routes;
                return true;
            } },
        { u"proxy"_s,
            [&](const QString &f, const QJsonValue &v) {
                return ProxyJson::apply(f, v, next.proxy, field, detail);
            } },
        { u"php"_s,
            [&](const QString &f, const QJsonValue &v) {
                return PhpJson::apply(f, v, next.php, field, detail);
            } },
        { u"tls"_s,
            [&](const QString &f, const QJsonValue &v) { return applyTls(f, v, next.tls, field, detail); } },
    };
    for (auto it = json.begin(); it != json.end(); ++it) {
        const auto member = std::find_if(
            members.begin(), members.end(), [&](const auto &entry) { return entry.first == it.key(); });
        if (member == members.end()) {
            QStringList names;
            for (const auto &entry : members)
                names.append(entry.first);
            return read.fail(
                it.key(), u"Unknown member \"%1\" (a site has %2)"_s.arg(it.key(), names.join(u", "_s)));
        }
        if (!member->second(it.key(), it.value()))
            return false;
    }
    site = next;
    return true;
}

} // namespace hostbench::control
