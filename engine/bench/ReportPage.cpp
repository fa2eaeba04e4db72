#include "ReportPage.h"

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

const char kStyle[] = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; background: #fff;
       max-width: 980px; margin: 24px auto; padding: 0 16px; line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
.target { font-family: ui-monospace, monospace; word-break: break-all; margin-top: 0; }
.note { background: #f6f6f0; border-left: 4px solid #bbb; padding: 6px 10px; white-space: pre-wrap; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 3px 12px 3px 0; vertical-align: top; border-bottom: 1px solid #eee; }
th[scope=row] { font-weight: normal; color: #555; }
td { font-variant-numeric: tabular-nums; word-break: break-word; }
.pass { color: #1a7f37; font-weight: bold; }
.fail { color: #c62828; font-weight: bold; }
figure { margin: 12px 0 20px 0; }
figcaption { color: #555; font-size: 0.9em; }
svg.chart { width: 100%; height: auto; display: block; background: #fcfcfc; border: 1px solid #e4e4e4;
            font-family: system-ui, sans-serif; }
pre { background: #f7f7f7; padding: 10px; overflow-x: auto; font-size: 0.85em; }
footer { color: #777; font-size: 0.85em; margin-top: 2em; }
)";

} // namespace

QString ReportPage::head(const QString &title)
{
    return u"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
           "style-src 'unsafe-inline'; img-src data:\"/>\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
           "<meta name=\"generator\" content=\"Hostbench "_s
        + QStringLiteral(HOSTBENCH_VERSION) + u"\"/>\n<title>%1</title>\n<style>"_s.arg(title.toHtmlEscaped())
        + QString::fromLatin1(kStyle) + u"</style>\n</head>\n<body>\n"_s;
}

QString ReportPage::footer(const QString &command)
{
    return u"<footer>Written by Hostbench %1 (%2).</footer>\n</body>\n</html>\n"_s.arg(
        QStringLiteral(HOSTBENCH_VERSION), command.toHtmlEscaped());
}

} // namespace hostbench::bench
