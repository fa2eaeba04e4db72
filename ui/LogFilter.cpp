#include "ui/LogFilter.h"

#include "ui/LogLineModel.h"
#include "ui/LogsPage.h"

#include <utility>

namespace hostbench::ui {

void LogFilter::set(QString site, int statusClass, QString text)
{
    m_site = std::move(site);
    m_statusClass = statusClass;
    m_text = std::move(text);
    invalidateFilter();
}

bool LogFilter::filterAcceptsRow(int row, const QModelIndex &parent) const
{
    const QModelIndex index = sourceModel()->index(row, LogLineModel::LineColumn, parent);
    if (!m_site.isEmpty() && index.data(LogLineModel::SiteRole).toString() != m_site)
        return false;
    const int status = index.data(LogLineModel::StatusRole).toInt();
    const bool appLog = index.data(LogLineModel::AppLogRole).toBool();
    switch (m_statusClass) {
    case LogsPage::AllStatuses:
        break;
    case LogsPage::ErrorLogs:
        if (status != 0 || appLog)
            return false;
        break;
    case LogsPage::AppLogs:
        if (!appLog)
            return false;
        break;
    default: // Status2xx = 1 ... Status5xx = 4
        if (status / 100 != m_statusClass + 1)
            return false;
    }
    return m_text.isEmpty() || index.data().toString().contains(m_text, Qt::CaseInsensitive);
}

} // namespace hostbench::ui
