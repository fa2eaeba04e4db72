#include "ui/UrlProblem.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

QString UrlProblem::describe(const QString &input)
{
    const QString text = input.trimmed();
    const QString example = u"http://localhost:8080/"_s;
    if (text.isEmpty())
        return tr("Give the address to load-test, such as %1.").arg(example);
    const qsizetype schemeEnd = text.indexOf(u"://"_s);
    if (schemeEnd < 0)
        return tr("Write the address with http:// or https:// in front, such as %1.").arg(example);
    const QString scheme = text.left(schemeEnd).toLower();
    if (scheme != u"http" && scheme != u"https")
        return tr("\"%1://\" is not a scheme the load generator speaks: write http:// or https://.")
            .arg(text.left(schemeEnd));
    if (text.contains(QRegularExpression(u"\\s"_s)))
        return tr("The address has a blank in it: remove it, or write it as %20.");
    // The authority: what comes between "://" and the path.
    const QString rest = text.mid(schemeEnd + 3);
    const QString authority = rest.section(QRegularExpression(u"[/?#]"_s), 0, 0);
    const QString hostPort = authority.section(u'@', -1);
    if (hostPort.isEmpty() || hostPort.startsWith(u':'))
        return tr("The address names no host: write it as http://HOST:PORT/PATH, such as %1.").arg(example);
    static const QRegularExpression portPattern(u"^(?:\\[[^\\]]*\\]|[^:]*)(?::(.*))?$"_s);
    const QRegularExpressionMatch port = portPattern.match(hostPort);
    if (port.hasMatch() && port.capturedLength(1) > 0) {
        bool number = false;
        const int value = port.captured(1).toInt(&number);
        if (!number || value < 1 || value > 65535)
            return tr("The port must be a number from 1 to 65535, not \"%1\".").arg(port.captured(1));
    }
    if (!QUrl(text, QUrl::StrictMode).isValid())
        return tr("The address has a character a URL cannot hold: check it, or copy it from the browser.");
    return {};
}

} // namespace hostbench::ui
