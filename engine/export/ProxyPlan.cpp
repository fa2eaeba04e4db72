#include "export/ProxyPlan.h"

#include <QRegularExpression>

#include <algorithm>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

// The engine's prefix: no trailing '/' but for the root.
QString normalized(const QString &prefix)
{
    QString out = prefix.trimmed();
    while (out.size() > 1 && out.endsWith(u'/'))
        out.chop(1);
    return out;
}

bool under(const QString &path, const QString &prefix)
{
    return prefix == u"/"_s || path == prefix || path.startsWith(prefix + u'/');
}

} // namespace

QList<ProxyPass> ProxyPlan::passes(const model::VirtualHost &site)
{
    QList<ProxyPass> out;
    for (const model::ProxyRoute &route : site.proxy.routes) {
        QString error;
        ProxyPass pass;
        pass.prefix = normalized(route.pathPrefix);
        pass.address = model::UpstreamAddress::parse(route.upstream, &error);
        if (pass.address.kind != model::UpstreamAddress::Kind::Invalid)
            out.append(pass);
    }
    std::stable_sort(out.begin(), out.end(),
        [](const ProxyPass &a, const ProxyPass &b) { return a.prefix.size() > b.prefix.size(); });
    return out;
}

QStringList ProxyPlan::pools(const QList<model::VirtualHost> &sites)
{
    QStringList out;
    for (const model::VirtualHost &site : sites) {
        for (const ProxyPass &pass : passes(site)) {
            const QString key = poolKey(pass.address);
            if (!out.contains(key))
                out.append(key);
        }
    }
    return out;
}

QString ProxyPlan::poolKey(const model::UpstreamAddress &address)
{
    return address.kind == model::UpstreamAddress::Kind::Unix ? u"unix:"_s + address.socketPath
                                                              : hostPort(address);
}

QString ProxyPlan::hostPort(const model::UpstreamAddress &address)
{
    if (address.kind == model::UpstreamAddress::Kind::Unix)
        return address.socketPath;
    const QString host = address.host.contains(u':') ? u"["_s + address.host + u"]"_s : address.host;
    return host + u':' + QString::number(address.port);
}

QString ProxyPlan::check(const model::VirtualHost &site)
{
    int row = -1;
    const QString problem = model::ProxyCheck::checkRoutes(site.proxy.routes, &row);
    if (!problem.isEmpty())
        return u"the site %1: %2"_s.arg(site.hostName, problem);
    // What nginx locations, Apache and lighttpd regular expressions, Caddy
    // matchers and h2o's YAML keys all hold as written.
    static const QRegularExpression plain(u"^/[A-Za-z0-9._~/%@+,=:-]*$"_s);
    for (const model::ProxyRoute &route : site.proxy.routes) {
        QString error;
        const model::UpstreamAddress address = model::UpstreamAddress::parse(route.upstream, &error);
        const QString path
            = address.kind == model::UpstreamAddress::Kind::Unix ? address.socketPath : address.basePath;
        for (const QString &text : { normalized(route.pathPrefix), path }) {
            if (!text.isEmpty() && !plain.match(text).hasMatch())
                return u"the proxied path or upstream \"%1\" cannot be exported: letters, digits and "
                       "._~/%@+,=:- only"_s.arg(text);
        }
    }
    // A fixed route below a prefix is excluded by a regular expression (regexLiteral).
    for (const QString &route : routesUnder(site)) {
        if (route.contains(u'\\') || route.contains(u'^'))
            return u"the route \"%1\" lies below a proxied path and cannot be exported with a \\ or ^"_s.arg(
                route);
    }
    return {};
}

QString ProxyPlan::regexLiteral(const QString &path)
{
    QString out;
    for (const QChar c : path)
        out += (c.isLetterOrNumber() || QStringView(u"/_~%@,=:-").contains(c)) ? QString(c)
                                                                               : u"["_s + c + u"]"_s;
    return out;
}

QString ProxyPlan::withSlash(const QString &path)
{
    return path.endsWith(u'/') ? path : path + u'/';
}

QStringList ProxyPlan::routesUnder(const model::VirtualHost &site)
{
    QStringList out;
    const QList<ProxyPass> all = passes(site);
    for (const model::Route &route : site.routes) {
        if (std::any_of(all.cbegin(), all.cend(),
                [&route](const ProxyPass &pass) { return under(route.path, pass.prefix); }))
            out.append(route.path);
    }
    return out;
}

} // namespace hostbench::exporter
