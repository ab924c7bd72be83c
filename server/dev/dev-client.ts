// The script `npm run dev` adds to every page (never built into production: decision 045). It listens
// to /__dev/events: "reload" reloads the page; "hello" carries the server's boot id (a new one after a
// restart reloads the page), the count of reloads sent (one sent while this page was loading reloads it
// too: the tab remembers the last it saw) and, like "problems", the content problems, shown in an overlay.
// Once connected, <html> gets data-dev-boot.

export const DEV_EVENTS_PATH = '/__dev/events';
export const DEV_OVERLAY_ID = 'dev-problems';

/** The inline script; the CSP allows it by its hash, like the site's own inline scripts. */
export function buildDevClientScript(): string {
  return `(function(){
var boot=null,overlay=null;
function show(problems){
  if(overlay){overlay.remove();overlay=null;}
  if(!problems.length)return;
  overlay=document.createElement('div');overlay.id=${JSON.stringify(DEV_OVERLAY_ID)};overlay.setAttribute('role','alert');
  overlay.style.cssText='position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2000;background:#3b0d0d;color:#fff;font:14px/1.5 ui-monospace,monospace;padding:1rem 1.25rem;border-top:4px solid #e35d6a';
  var title=document.createElement('strong');title.textContent=problems.length+(problems.length>1?' content problems':' content problem');overlay.appendChild(title);
  var close=document.createElement('button');close.type='button';close.textContent='×';close.setAttribute('aria-label','Close');
  close.style.cssText='float:right;background:none;border:0;color:inherit;font-size:1.5rem;line-height:1;cursor:pointer';close.onclick=function(){overlay.remove();overlay=null;};overlay.prepend(close);
  var list=document.createElement('ul');list.style.cssText='margin:.5rem 0 0;padding-left:1.25rem';
  problems.forEach(function(p){var li=document.createElement('li');var where=document.createElement('code');where.style.color='#ffb3b8';
    where.textContent=p.file+(p.line?':'+p.line+(p.column?':'+p.column:''):'');li.appendChild(where);li.appendChild(document.createTextNode(' '+p.message));list.appendChild(li);});
  overlay.appendChild(list);document.body.appendChild(overlay);
}
var KEY='dev-reloads';
function seen(){try{return JSON.parse(sessionStorage.getItem(KEY)||'null');}catch(e){return null;}}
function mark(b,g){try{sessionStorage.setItem(KEY,JSON.stringify({boot:b,generation:g}));}catch(e){}}
var events=new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
events.addEventListener('hello',function(e){var d=JSON.parse(e.data),s=seen();
  if(boot&&d.boot!==boot){location.reload();return;}
  mark(d.boot,d.generation);
  if(s&&s.boot===d.boot&&d.generation>s.generation){location.reload();return;}
  boot=d.boot;document.documentElement.setAttribute('data-dev-boot',d.boot);show(d.problems);});
events.addEventListener('problems',function(e){show(JSON.parse(e.data));});
events.addEventListener('reload',function(e){mark(boot,JSON.parse(e.data).generation);location.reload();});
})();`;
}
