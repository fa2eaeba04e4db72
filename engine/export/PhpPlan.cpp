#include "export/PhpPlan.h"

#include <QRegularExpression>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

// The engine's prefix: no trailing '/' but for the root.
QString normalized(const QString &prefix)
{
    QString out = prefix.trimmed();
    while (out.size() > 1 && out.endsWith(u'/'))
        out.chop(1);
    return out.isEmpty() ? u"/"_s : out;
}

// The address with "auto" replaced by the pool's socket.
model::FastCgiAddress resolved(const model::PhpSettings &php, const ExportOptions &options)
{
    QString error;
    model::FastCgiAddress address = model::FastCgiAddress::parse(php.address, &error);
    if (address.kind == model::FastCgiAddress::Kind::Auto) {
        address.kind = options.phpAutoSocket.isEmpty() ? model::FastCgiAddress::Kind::Invalid
                                                       : model::FastCgiAddress::Kind::Unix;
        address.socketPath = options.phpAutoSocket;
    }
    return address;
}

} // namespace

QString PhpPass::dir() const
{
    return prefix == u"/"_s ? prefix : prefix + u'/';
}

QString PhpPass::frontScript() const
{
    return dir() + u"index.php"_s;
}

QString PhpPass::hostPort() const
{
    if (isUnix())
        return address.socketPath;
    const QString host = address.host.contains(u':') ? u"["_s + address.host + u"]"_s : address.host;
    return host + u':' + QString::number(address.port);
}

QString PhpPass::poolKey() const
{
    return isUnix() ? u"unix:"_s + address.socketPath : hostPort();
}

std::optional<PhpPass> PhpPlan::pass(const model::VirtualHost &site, const ExportOptions &options)
{
    if (!site.php.isSet())
        return std::nullopt;
    PhpPass out;
    out.prefix = normalized(site.php.pathPrefix);
    out.address = resolved(site.php, options);
    out.autoPool = site.php.address.trimmed().compare(u"auto"_s, Qt::CaseInsensitive) == 0;
    out.frontController = site.php.frontController;
    out.timeoutMs = site.php.timeoutMs;
    if (out.address.kind != model::FastCgiAddress::Kind::Tcp && !out.isUnix())
        return std::nullopt;
    return out;
}

QStringList PhpPlan::pools(const QList<model::VirtualHost> &sites, const ExportOptions &options)
{
    QStringList out;
    for (const model::VirtualHost &site : sites) {
        if (const std::optional<PhpPass> php = pass(site, options); php && !out.contains(php->poolKey()))
            out.append(php->poolKey());
    }
    return out;
}

QString PhpPlan::check(const model::VirtualHost &site, const ExportOptions &options)
{
    if (!site.php.isSet())
        return {};
    if (const QString problem = model::PhpCheck::check(site.php); !problem.isEmpty())
        return u"the site %1: %2"_s.arg(site.hostName, problem);
    const model::FastCgiAddress address = resolved(site.php, options);
    if (address.kind == model::FastCgiAddress::Kind::Invalid)
        return u"the site %1 runs PHP in Hostbench's own PHP-FPM pool (auto): the export needs that "
               "pool's socket (<data folder>/php/php-fpm.sock)"_s.arg(site.hostName);
    // What nginx locations and regular expressions, Caddy matchers, Apache
    // and lighttpd strings and h2o's YAML keys all hold as written.
    static const QRegularExpression plain(u"^/[A-Za-z0-9._~/%@+,=:-]*$"_s);
    for (const QString &text : { normalized(site.php.pathPrefix), address.socketPath }) {
        if (!text.isEmpty() && !plain.match(text).hasMatch())
            return u"the PHP path or socket \"%1\" cannot be exported: letters, digits and ._~/%@+,=:- "
                   "only"_s.arg(text);
    }
    return {};
}

QStringList PhpPlan::indexFiles(const model::VirtualHost &site)
{
    QStringList out { u"index.php"_s };
    for (const QString &file : site.indexFiles) {
        if (!out.contains(file))
            out.append(file);
    }
    return out;
}

QString PhpPlan::nginxParams(const QString &pad)
{
    // nginx's fastcgi_params, written here so that the prefix holds all the
    // server reads; the rest as the engine sends them (http::fastCgiParams).
    static const QList<std::pair<QString, QString>> params {
        { u"QUERY_STRING"_s, u"$query_string"_s },
        { u"REQUEST_METHOD"_s, u"$request_method"_s },
        { u"CONTENT_TYPE"_s, u"$content_type"_s },
        { u"CONTENT_LENGTH"_s, u"$content_length"_s },
        { u"SCRIPT_NAME"_s, u"$fastcgi_script_name"_s },
        { u"SCRIPT_FILENAME"_s, u"$document_root$fastcgi_script_name"_s },
        { u"PATH_INFO"_s, u"$hostbench_path_info"_s },
        { u"REQUEST_URI"_s, u"$request_uri"_s },
        { u"DOCUMENT_URI"_s, u"$document_uri"_s },
        { u"DOCUMENT_ROOT"_s, u"$document_root"_s },
        { u"SERVER_PROTOCOL"_s, u"$server_protocol"_s },
        { u"REQUEST_SCHEME"_s, u"$scheme"_s },
        { u"HTTPS"_s, u"$https if_not_empty"_s },
        { u"GATEWAY_INTERFACE"_s, u"CGI/1.1"_s },
        { u"SERVER_SOFTWARE"_s, u"nginx/$nginx_version"_s },
        { u"REMOTE_ADDR"_s, u"$remote_addr"_s },
        { u"REMOTE_PORT"_s, u"$remote_port"_s },
        { u"SERVER_ADDR"_s, u"$server_addr"_s },
        { u"SERVER_PORT"_s, u"$server_port"_s },
        { u"SERVER_NAME"_s, u"$server_name"_s },
        { u"REDIRECT_STATUS"_s, u"200"_s },
        { u"HTTP_PROXY"_s, u"\"\""_s },
    };
    QString s;
    for (const auto &[name, value] : params)
        s += pad + u"fastcgi_param %1 %2;\n"_s.arg(name, value);
    return s;
}

} // namespace hostbench::exporter
